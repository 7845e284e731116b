import { beforeAll, describe, expect, it } from "vitest";
import { createClub } from "../clubs/support";
import { createBook, createBooks, createMember, signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope, json } from "../helpers/http";

/** A word only this file's rows hold, where a search cannot be narrowed to one owner. */
const SUFFIX = `zq${crypto.randomUUID().slice(0, 6).replace(/[^a-z]/g, "x")}`;

type Card = { id: string; title: string };
type ListData = { items: Card[]; total: number };

/**
 * Issue 37: every row of its table, each script without spaces, and the Arabic, Persian and German forms,
 * each with a negative twin (a query that must not find the title) and a mixed-script title. The books belong
 * to one owner and every search is narrowed to them, since the test files share one database.
 */
const TITLES = [
  // The issue's table.
  "ノルウェイの森",
  "吾輩は猫である",
  "銀河鉄道の夜",
  "平凡的世界",
  "ข้างหลังภาพ",
  "ＡＢＣ殺人事件",
  "موسم الهجرة إلى الشمال",
  "Die Straße der Ölsardinen",
  "L'Étranger",
  "Cien años de soledad",
  // Mixed scripts and more forms.
  "Harry Potterと賢者の石",
  "海辺のカフカ",
  "三体 The Three-Body Problem",
  "채식주의자",
  "82년생 김지영",
  "Harry Potter กับศิลาอาถรรพ์",
  "كِتَابُ الأَغَانِي",
  "1984 لجورج أورويل",
  "بوف کور",
  "Shahnameh شاهنامه فردوسی",
  "Großstadt 大都市",
  "Pride and Prejudice",
] as const;

/** [what a reader types, the titles it must find (of the ones above)]: an empty list is a negative twin. */
const CASES: [string, string[]][] = [
  ["森", ["ノルウェイの森"]],
  ["森林", []],
  ["猫", ["吾輩は猫である"]],
  ["猫舌", []],
  ["鉄道", ["銀河鉄道の夜"]],
  ["鉄道員", []],
  ["世界", ["平凡的世界"]],
  ["世纪", []],
  ["ภาพ", ["ข้างหลังภาพ"]],
  ["ภาพยนตร์", []],
  ["ABC", ["ＡＢＣ殺人事件"]],
  ["殺人", ["ＡＢＣ殺人事件"]],
  ["ABD", []],
  ["الى الشمال", ["موسم الهجرة إلى الشمال"]],
  ["الهجره", ["موسم الهجرة إلى الشمال"]],
  ["مَوْسِم", ["موسم الهجرة إلى الشمال"]],
  ["الجنوب", []],
  ["strasse", ["Die Straße der Ölsardinen"]],
  ["STRASSE olsardinen", ["Die Straße der Ölsardinen"]],
  ["strauss", []],
  ["etranger", ["L'Étranger"]],
  ["etrangere", []],
  ["anos", ["Cien años de soledad"]],
  ["anon", []],
  // Mixed-script titles: each script's word finds them, together too.
  ["賢者", ["Harry Potterと賢者の石"]],
  ["potter 賢者", ["Harry Potterと賢者の石"]],
  ["愚者", []],
  ["ｶﾌｶ", ["海辺のカフカ"]],
  ["カフカ", ["海辺のカフカ"]],
  ["三体", ["三体 The Three-Body Problem"]],
  ["three body 三体", ["三体 The Three-Body Problem"]],
  ["三国", []],
  ["주의", ["채식주의자"]],
  ["채식", ["채식주의자"]],
  ["채소", []],
  ["김지영", ["82년생 김지영"]],
  ["82년생", ["82년생 김지영"]],
  ["김지수", []],
  ["ศิลา", ["Harry Potter กับศิลาอาถรรพ์"]],
  ["potter ศิลา", ["Harry Potter กับศิลาอาถรรพ์"]],
  ["ศิลปะ", []],
  ["كتاب الاغاني", ["كِتَابُ الأَغَانِي"]],
  ["كتب", []],
  ["اورويل 1984", ["1984 لجورج أورويل"]],
  ["اورول", []],
  ["بوف كور", ["بوف کور"]],
  ["بوف سیاه", []],
  ["فردوسي shahnameh", ["Shahnameh شاهنامه فردوسی"]],
  ["فردوس", ["Shahnameh شاهنامه فردوسی"]],
  ["فرهاد", []],
  ["grossstadt 都市", ["Großstadt 大都市"]],
  ["kleinstadt", []],
  // Latin regressions: prefix search and the 8-word cap (a ninth word is not looked at).
  ["pri", ["Pride and Prejudice"]],
  ["pride and prejudice and and and and and zzzzzz", ["Pride and Prejudice"]],
  ["prejudice zzzzzz", []],
];

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
