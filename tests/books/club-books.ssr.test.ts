import { books, memberships } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function page(path: string, member?: Member | null) {
  const response = await call(path, { cookie: member?.cookie });
  // A search's highlight (<mark>) cuts the titles these tests look for: read the text without it.
  return { status: response.status, html: (await response.text()).replace(/<\/?mark>/g, "") };
}

/** The library card (its <li>) that shows this title. */
function cardFor(html: string, title: string) {
  const at = html.indexOf(`>${title}<`);
  expect(at, `no card for ${title}`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf("<li", at), html.indexOf("</li>", at));
}

/** The page's visible markup, without the hydration data that repeats every loader field, nor React's text separators. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

let host: Member;
let clubMember: Member;
let outsider: Member;
let privateClubId: string;
let publicClubId: string;
let privateBookId: string;
let publicBookId: string;
let word: string;

beforeAll(async () => {
  host = await signedInMember({ name: "Hana Host" });
  clubMember = await signedInMember({ name: "Milo Member" });
  outsider = await signedInMember({ name: "Otis Outsider" });
  privateClubId = (await createClub(host.user.id, { name: "Quiet Corner", isPrivate: true })).id;
  publicClubId = (await createClub(host.user.id, { name: "Town Square", isPrivate: false })).id;
  await addMember(privateClubId, clubMember.user.id);
  word = `ssr${crypto.randomUUID().slice(0, 8)}`;
  privateBookId = (await createBook(host.user.id, { title: `Secret ${word}`, clubId: privateClubId })).id;
  publicBookId = (await createBook(host.user.id, { title: `Shared ${word}`, clubId: publicClubId })).id;
});

describe("library cards of club books", () => {
  it("show an outsider a private club's book as Members only, without a link to its club", async () => {
    const { html } = await page(`/library?search=${word}`, outsider);
    const card = cardFor(html, `Secret ${word}`);
    expect(card).toContain("Quiet Corner");
    expect(card).toContain(" (private)");
    expect(card).toContain(">Members only<");
    expect(card).not.toContain(`href="/clubs/${privateClubId}"`);

    const open = cardFor(html, `Shared ${word}`);
    expect(open).not.toContain("Members only");
    expect(open).toMatch(new RegExp(`<a[^>]*href="/clubs/${publicClubId}"[^>]*><bdi>Town Square</bdi></a>`));
  });

  it("show the club's members its name, linked to the club page", async () => {
    const { html } = await page(`/library?search=${word}`, clubMember);
    const card = cardFor(html, `Secret ${word}`);
    expect(card).not.toContain("Members only");
    expect(card).toMatch(new RegExp(`<a[^>]*href="/clubs/${privateClubId}"[^>]*><bdi>Quiet Corner</bdi></a>`));
  });

  it("show visitors a private club's book as Members only too", async () => {
    const { html } = await page(`/library?search=${word}`);
    expect(cardFor(html, `Secret ${word}`)).toContain(">Members only<");
  });
});

describe("the book page of a club book", () => {
  it("shows an outsider Members only, with no Borrow and no (manage) link", async () => {
    const { status, html } = await page(`/books/${privateBookId}`, outsider);
    expect(status).toBe(200);
    const visible = markup(html);
    expect(visible).toContain(">Members only<");
    expect(visible).toContain("is shared in a private club, so only its members can borrow it.");
    expect(visible).not.toContain("Borrow from");
    expect(visible).not.toContain("(manage)");
    expect(visible).toContain("Quiet Corner (private)");
  });

  it("shows a visitor Members only instead of the sign-in Borrow link", async () => {
    const visible = markup((await page(`/books/${privateBookId}`)).html);
    expect(visible).toContain(">Members only<");
    expect(visible).not.toContain("Borrow from");
  });

  it("shows a member of the club the Club row with (manage) leading to the club's page, and Borrow", async () => {
    const visible = markup((await page(`/books/${privateBookId}`, clubMember)).html);
    expect(visible).not.toContain(">Members only<");
    expect(visible).toMatch(new RegExp(`<a[^>]*href="/clubs/${privateClubId}"[^>]*>\\(manage\\)</a>`));
    expect(visible).toContain("Borrow from Hana Host");
  });

  it("links (manage) for a public club's book for any member", async () => {
    const visible = markup((await page(`/books/${publicBookId}`, outsider)).html);
    expect(visible).toMatch(new RegExp(`<a[^>]*href="/clubs/${publicClubId}"[^>]*>\\(manage\\)</a>`));
    expect(visible).not.toContain("Members only");
  });
});

describe("the Edit Book page's Club select", () => {
  it("offers No club and the owner's active clubs, with the book's club chosen", async () => {
    const owner = await signedInMember();
    const mine = await createClub(owner.user.id, { name: "Alpha Readers" });
    const joined = await createClub(host.user.id, { name: "Beta Readers", isPrivate: true });
    const waiting = await createClub(host.user.id, { name: "Gamma Waitlist", isPrivate: true });
    await addMember(joined.id, owner.user.id);
    await addMember(waiting.id, owner.user.id, "pending");
    const book = await createBook(owner.user.id, { clubId: joined.id });

    const { status, html } = await page(`/books/${book.id}/edit`, owner);
    expect(status).toBe(200);
    const select = markup(html).match(/<select[^>]*name="clubId"[^>]*>[\s\S]*?<\/select>/)?.[0] ?? "";
    expect(select).not.toBe("");
    const options = [...select.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => [m[1], m[3], Boolean(m[2])]);
    expect(options).toEqual([
      ["", "No club", false],
      [mine.id, "Alpha Readers", false],
      [joined.id, "Beta Readers", true],
    ]);
    const label = html.match(/<label for="([^"]+)"[^>]*>Club<\/label>/)?.[1];
    expect(select).toContain(`id="${label}"`);
  });

  it("saves the chosen club from the form, and No club takes the book out", async () => {
    const owner = await signedInMember();
    const club = await createClub(owner.user.id, { name: "Form Club" });
    const book = await createBook(owner.user.id, { title: "Form Book", author: "A" });
    const post = (clubId: string) =>
      call(`/books/${book.id}/edit`, {
        method: "POST",
        headers: { ...SAME_ORIGIN, Cookie: owner.cookie },
        body: new URLSearchParams({ title: "Form Book", author: "A", status: "available", description: "", clubId }),
      });
    const stored = async () => (await db.select({ clubId: books.clubId }).from(books).where(eq(books.id, book.id)))[0]?.clubId;

    expect((await post(club.id)).status).toBe(302);
    expect(await stored()).toBe(club.id);
    expect((await post("")).status).toBe(302);
    expect(await stored()).toBeNull();
  });

  it("refuses a club the owner is not active in with the reason, and keeps the book as it was", async () => {
    const owner = await signedInMember();
    const club = await createClub(host.user.id, { name: "Not Yet", isPrivate: true });
    await addMember(club.id, owner.user.id, "pending");
    const book = await createBook(owner.user.id, { title: "Unshared", author: "A" });
    const response = await call(`/books/${book.id}/edit`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: owner.cookie },
      body: new URLSearchParams({ title: "Unshared", author: "A", status: "available", description: "", clubId: club.id }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("You can only share a book with a club you are an active member of.");
    const [row] = await db
      .select()
      .from(books)
      .where(and(eq(books.id, book.id), eq(books.userId, owner.user.id)));
    expect(row?.clubId).toBeNull();
    // The membership is untouched by the refusal.
    expect(await db.select().from(memberships).where(eq(memberships.clubId, club.id))).toHaveLength(2);
  });
});
