import { beforeAll, describe, expect, it } from "vitest";
import { createClub } from "../clubs/support";
import { createBook, createBooks, createMember, signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope, json } from "../helpers/http";
import { CASES, TITLES } from "./fixtures/search-languages";

/** A word only this file's rows hold, where a search cannot be narrowed to one owner. */
const SUFFIX = `zq${crypto
  .randomUUID()
  .slice(0, 6)
  .replace(/[^a-z]/g, "x")}`;

type Card = { id: string; title: string };
type ListData = { items: Card[]; total: number };

/**
 * Issue 37: every row of its table, each script without spaces, and the Arabic, Persian and German forms,
 * each with a negative twin (a query that must not find the title) and a mixed-script title. The books belong
 * to one owner and every search is narrowed to them, since the test files share one database.
 */
describe("Search in every language the app speaks (issue 37)", () => {
  let ownerId: string;
  beforeAll(async () => {
    ownerId = (await createMember({ name: "Polly Glot" })).id;
    await createBooks(
      ownerId,
      TITLES.map((title) => ({ title, author: "Various" })),
    );
    // An ISBN with hyphens still finds its book.
    await createBooks(ownerId, [{ title: "Isbn Book", author: "Various", isbn13: "9784101001616" }]);
  });

  async function found(search: string): Promise<string[]> {
    const response = await call(`/api/books?userId=${ownerId}&limit=100&search=${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    const body = await json<Envelope<ListData>>(response);
    return body.data!.items.map((book) => book.title).sort();
  }

  it.each(CASES)("%s finds %j", async (search, titles) => {
    expect(await found(search)).toEqual([...titles].sort());
  });

  it("finds an ISBN typed with hyphens or spaces", async () => {
    expect(await found("978-4-10-100161-6")).toEqual(["Isbn Book"]);
    expect(await found("978 4101 00161 6")).toEqual(["Isbn Book"]);
  });
});

describe("Club search in every language", () => {
  const names = ["東京読書会", "نادي قراءة الرواية", "ชมรมหนังสือกรุงเทพ", "Leseclub Großstadt", "서울 독서 모임"];
  const ids = new Map<string, string>();
  beforeAll(async () => {
    const creator = await createMember();
    // A suffix no other test file's club has: the clubs' search is not narrowed to one creator.
    for (const name of names) ids.set(name, (await createClub(creator.id, { name: `${name} ${SUFFIX}` })).id);
  });

  const CLUB_CASES: [string, string[]][] = [
    ["読書", ["東京読書会"]],
    ["読者", []],
    ["الروايه", ["نادي قراءة الرواية"]],
    ["نادى", ["نادي قراءة الرواية"]],
    ["الشعر", []],
    ["หนังสือ", ["ชมรมหนังสือกรุงเทพ"]],
    ["หนังสือพิมพ์", []],
    ["grossstadt", ["Leseclub Großstadt"]],
    ["독서", ["서울 독서 모임"]],
    ["독자", []],
  ];

  it.each(CLUB_CASES)("%s finds the clubs %j", async (search, expected) => {
    const member = await signedInMember();
    const answer = await api<{ items: { clubId: string }[] }>(`/clubs/browse?search=${encodeURIComponent(`${search} ${SUFFIX}`)}&limit=50`, member);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.items.map((club) => club.clubId).sort()).toEqual(expected.map((name) => ids.get(name)!).sort());
  });
});

describe("Other copies of a book titled in Japanese", () => {
  it("finds the copies with the same title and author, in full- or half-width kana, and not another book", async () => {
    const [reader, one, two, other] = await Promise.all([createMember(), createMember(), createMember(), createMember()]);
    const author = `村上春樹 ${SUFFIX}`;
    const mine = await createBook(reader.id, { title: "ハリー・ポッターと海辺のカフカ", author });
    const same = await createBook(one.id, { title: "ハリー・ポッターと海辺のカフカ", author });
    const halfWidth = await createBook(two.id, { title: "ﾊﾘｰ･ﾎﾟｯﾀｰと海辺のｶﾌｶ", author });
    await createBook(other.id, { title: "ハリー・ポッターと海辺", author });
    const answer = await api<{ items: { bookId: string }[] }>(`/books/${mine.id}/copies`, null);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.items.map((copy) => copy.bookId).sort()).toEqual([same.id, halfWidth.id].sort());
  });
});

describe("Matched words are marked in results", () => {
  type Segment = { text: string; mark?: true };
  /** The segments with the marked ones in brackets; null where nothing matched (no segments). */
  const marked = (segments?: Segment[]) => segments?.map((s) => (s.mark ? `[${s.text}]` : s.text)).join("") ?? null;

  it("marks the words on the original title and author, as segments of text", async () => {
    const owner = await createMember();
    await createBooks(owner.id, [
      { title: "موسم الهجرة إلى الشمال", author: "الطيب صالح" },
      { title: "ＡＢＣ殺人事件", author: "Agatha Christie" },
      { title: `<b>Pride</b> & Prejudice ${SUFFIX}`, author: "Jane Austen" },
    ]);
    const search = async (q: string) => {
      const response = await call(`/api/books?userId=${owner.id}&search=${encodeURIComponent(q)}`);
      const body = await json<Envelope<{ items: { title: string; highlight: { title?: Segment[]; author?: Segment[] } }[] }>>(response);
      return body.data!.items.map((book) => [marked(book.highlight.title), marked(book.highlight.author)]);
    };
    expect(await search("الى الهجره")).toEqual([["موسم [الهجرة] [إلى] الشمال", null]]);
    expect(await search("abc 事件 agatha")).toEqual([["[ＡＢＣ]殺人[事件]", "[Agatha] Christie"]]);
    // Markup in a title is text: the segments carry it as typed, and the page escapes it.
    expect(await search("pri")).toEqual([[`<b>[Pri]de</b> & Prejudice ${SUFFIX}`, null]]);
    const html = await (await call(`/library?userId=${owner.id}&search=${encodeURIComponent("ＡＢＣ")}`)).text();
    expect(html).toContain("<mark");
    expect(html).toMatch(/<mark[^>]*>ＡＢＣ<\/mark>殺人事件/);
    const escaped = await (await call(`/library?search=${encodeURIComponent(`pride ${SUFFIX}`)}`)).text();
    expect(escaped).toMatch(/&lt;b&gt;<mark[^>]*>Pride<\/mark>&lt;\/b&gt;/);
    expect(escaped).not.toContain("<b>Pride");
  });

  it("marks a club's name in the clubs' search", async () => {
    const member = await signedInMember();
    const club = await createClub(member.user.id, { name: `نادي قراءة الرواية ${SUFFIX}` });
    const answer = await api<{ items: { clubId: string; highlight: { name?: Segment[] } }[] }>(
      `/clubs/browse?search=${encodeURIComponent(`الروايه ${SUFFIX}`)}`,
      member,
    );
    const item = answer.body.data!.items.find((c) => c.clubId === club.id)!;
    expect(marked(item.highlight.name)).toBe(`نادي قراءة [الرواية] [${SUFFIX}]`);
  });
});
