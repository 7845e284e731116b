import { env } from "cloudflare:workers";
import { type EventOf, subscribe, unsubscribe } from "@worker/core/events/registry";
import { books, follows, wantedBooks } from "@worker/db/schema";
import type { Book } from "@worker/features/books/book-columns";
import { newBooksJob, newBooksWindow } from "@worker/features/follows";
import { wantedCopyJob } from "@worker/features/wanted";
import { runJob } from "@worker/jobs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { createClub } from "../clubs/support";
import { createBook, createMember, db, placeAt, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { JPEG_1PX } from "../helpers/images";
import { moderator } from "../moderation/support";
import { bellOf } from "../notifications/support";

// A book is listed only once it has a title (docs/decisions/024-listed-only-with-a-title.md): every
// listing leaves out a cover upload whose title is not known yet; its owner's shelf shows it.

afterEach(() => vi.restoreAllMocks());
afterEach(() => unsubscribe("book.listed", "test.listed-books"));

/** The books each `book.listed` event names, as its subscribers hear them. */
function listedEvents() {
  const heard: string[][] = [];
  subscribe({ "book.listed": { "test.listed-books": async (_deps, event: EventOf<"book.listed">) => heard.push(event.bookIds) } });
  return heard;
}

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Listing = { items: Book[]; total: number };
type MapAnswer = { tiles: { tileId: string; count: number }[] };

// This file's town, far south (no other file uses longitude 168.77).
const HOME = { cellLat: -6321, cellLon: 16877 };
const HERE = "lat=-63.21&lon=168.77";
const ISBN = "9798123456910";

const ids = (items: { bookId: string }[]) => items.map((book) => book.bookId);
const listing = async (query: string, caller: Member | null) => {
  const answer = await api<Listing>(`/books?${query}`, caller);
  expect(answer.status).toBe(200);
  return answer.body.data!;
};

/** A cover upload through the API, whose reading has not told its title yet (the queue is held). */
async function uploadCover(owner: Member, clubId: string) {
  vi.spyOn(env.COVER_QUEUE, "send").mockResolvedValue(undefined as never);
  const key = `covers/${owner.user.id}/${crypto.randomUUID()}.jpg`;
  await env.MEDIA.put(key, JPEG_1PX, { httpMetadata: { contentType: "image/jpeg" } });
  const made = await api<Book>("/books", owner, { method: "POST", json: { s3Key: key, clubId }, headers: SAME_ORIGIN });
  expect(made.status).toBe(201);
  vi.restoreAllMocks();
  // What the reading of a back cover leaves when the catalogues cannot be reached: the ISBN, no title.
  await db.update(books).set({ isbn13: ISBN, analysisState: "needs_details" }).where(eq(books.id, made.body.data!.bookId));
  return made.body.data!.bookId;
}

async function everyListing(untitledId: string, copyId: string, clubId: string, stranger: Member) {
  const mine = await listing(`userId=${(await ownerOf(untitledId)).userId}`, stranger);
  const search = await listing(`search=${ISBN}`, stranger);
  const near = await listing(`${HERE}&radius=1`, null);
  // The near search's own index (books_near_fts) follows the listing too.
  const nearSearch = await listing(`${HERE}&radius=1&search=whiskers`, null);
  const map = (await api<MapAnswer>(`/books/map?${HERE}&radius=1`, null)).body.data!;
  const tile = map.tiles[0]!;
  const tileBooks = (await api<{ items: { bookId: string }[] }>(`/books/map/tiles/${tile.tileId}/books?${HERE}`, null)).body.data!;
  const copies = (await api<{ items: { bookId: string }[] }>(`/books/${copyId}/copies?${HERE}`, null)).body.data!;
  const page = await api<Book>(`/books/${untitledId}`, stranger);
  const clubPage = await (await call(`/clubs/${clubId}`, { cookie: stranger.cookie })).text();
  return {
    inShelf: ids(mine.items).includes(untitledId),
    shelfTotal: mine.total,
    inSearch: ids(search.items).includes(untitledId),
    inNear: ids(near.items).includes(untitledId),
    inNearSearch: ids(nearSearch.items).includes(untitledId),
    tileCount: tile.count,
    inTile: ids(tileBooks.items).includes(untitledId),
    inCopies: ids(copies.items).includes(untitledId),
    pageStatus: page.status,
    inClub: clubPage.includes(`/books/${untitledId}"`),
  };
}

const ownerOf = async (bookId: string) => (await db.select({ userId: books.userId }).from(books).where(eq(books.id, bookId)))[0]!;

describe("a book without a title", () => {
  it("is on its owner's shelf only, in no listing, event or counter, until its title arrives; then it is listed everywhere", async () => {
    const owner = await signedInMember({ name: "Odile Otter" });
    const stranger = await signedInMember();
    const follower = await createMember();
    const wanter = await createMember();
    const copyOwner = await createMember();
    await Promise.all([placeAt(owner.user.id, HOME), placeAt(wanter.id, { cellLat: HOME.cellLat - 1, cellLon: HOME.cellLon })]);
    await db.insert(follows).values({ followerId: follower.id, followeeId: owner.user.id });
    await db.insert(wantedBooks).values({ userId: wanter.id, title: "", author: "", isbn13: ISBN, matchKey: `isbn:${ISBN}`, source: "isbn" });
    const club = await createClub(owner.user.id, { name: "Otter Readers" });
    // Long listed: the window's notice below counts only the book listed now.
    await createBook(owner.user.id, { title: "The Bay Tides", author: "Odile Otter", createdAt: Date.now() - 86_400_000 });
    const copy = await createBook(copyOwner.id, { title: "Whiskers at Dusk", author: "Rue Holt", isbn13: ISBN });

    const heard = listedEvents();
    const untitledId = await uploadCover(owner, club.id);
    // Not listed at upload: nothing to tell followers or wanters yet.
    expect(heard).toEqual([]);

    expect(await everyListing(untitledId, copy.id, club.id, stranger)).toEqual({
      inShelf: false,
      shelfTotal: 1,
      inSearch: false,
      inNear: false,
      inNearSearch: false,
      tileCount: 1,
      inTile: false,
      inCopies: false,
      pageStatus: 404,
      inClub: false,
    });
    // The owner has it, saying why the others don't, and counts it.
    const own = await listing(`userId=${owner.user.id}`, owner);
    expect(own.total).toBe(2);
    expect(own.items.find((book) => book.bookId === untitledId)).toMatchObject({ title: "", hidden: "untitled", analysisState: "needs_details" });
    // Members who want it and the owner's followers hear nothing of it.
    expect(await runJob(env, wantedCopyJob(untitledId, "listed"), Date.now())).toBeNull();
    expect((await bellOf(wanter.id)).filter((item) => item.type === "wanted_available")).toEqual([]);
    expect(await runJob(env, newBooksJob(owner.user.id, newBooksWindow(Date.now())), Date.now())).toBeNull();
    expect((await bellOf(follower.id)).filter((item) => item.type === "followed_member_new_books")).toEqual([]);

    // The owner types its title: it is listed.
    const edited = await api<Book>(`/books/${untitledId}`, owner, {
      method: "PUT",
      json: { title: "Whiskers at Dusk", author: "Rue Holt" },
      headers: SAME_ORIGIN,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ analysisState: "done" });
    expect(edited.body.data!.hidden).toBeUndefined();
    expect(heard).toEqual([[untitledId]]);

    expect(await everyListing(untitledId, copy.id, club.id, stranger)).toEqual({
      inShelf: true,
      shelfTotal: 2,
      inSearch: true,
      inNear: true,
      inNearSearch: true,
      tileCount: 2,
      inTile: true,
      inCopies: true,
      pageStatus: 200,
      inClub: true,
    });
    expect((await listing(`userId=${owner.user.id}`, owner)).total).toBe(2);
    // book.listed went out when the title came: the wanter and the follower are told (the jobs are idempotent if their alarms ran first).
    await runJob(env, wantedCopyJob(untitledId, "listed"), Date.now());
    expect((await bellOf(wanter.id)).filter((item) => item.type === "wanted_available")).toMatchObject([{ title: '"Whiskers at Dusk" is available near you' }]);
    const [row] = await db.select({ listedAt: books.listedAt }).from(books).where(eq(books.id, untitledId));
    expect(row!.listedAt).toEqual(expect.any(Number));
    await runJob(env, newBooksJob(owner.user.id, newBooksWindow(row!.listedAt!)), Date.now());
    expect((await bellOf(follower.id)).filter((item) => item.type === "followed_member_new_books")).toMatchObject([
      { title: "Odile Otter added a new book", body: "“Whiskers at Dusk”" },
    ]);
  });

  it("listed by a suspended owner's title stays hidden by the suspension, and lifting it leaves an untitled book unlisted", async () => {
    const owner = await createMember({ suspendedAt: Date.now() });
    const book = await createBook(owner.id, { title: "", author: "" });
    expect(book.hidden).toBe("untitled");
    await db.update(books).set({ title: "Late Title" }).where(eq(books.id, book.id));
    const [titled] = await db.select({ hidden: books.hidden }).from(books).where(eq(books.id, book.id));
    expect(titled!.hidden).toBe("suspension");

    const other = await createBook(owner.id, { title: "", author: "", hidden: "suspension" });
    const lifted = await api(`/moderation/members/${owner.id}/unsuspend`, await moderator(), { method: "POST", headers: SAME_ORIGIN });
    expect(lifted.status).toBe(200);
    const rows = await db.select({ id: books.id, hidden: books.hidden }).from(books).where(eq(books.userId, owner.id));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.hidden]))).toEqual({ [book.id]: null, [other.id]: "untitled" });
  });
});

describe("Look up again (POST /api/books/{id}/lookup)", () => {
  async function waitingBook(overrides: Parameters<typeof createBook>[1] = {}) {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "", author: "", isbn13: "9798123456927", analysisState: "needs_details", ...overrides });
    return { owner, book };
  }

  it("puts the owner's book's ISBN back on the queue at once", async () => {
    const { owner, book } = await waitingBook();
    const send = vi.spyOn(env.COVER_QUEUE, "send").mockResolvedValue(undefined as never);
    const answer = await api<{ bookId: string; queued: boolean }>(`/books/${book.id}/lookup`, owner, { method: "POST", headers: SAME_ORIGIN });
    expect(answer.status).toBe(202);
    expect(answer.body.data).toEqual({ bookId: book.id, queued: true });
    expect(send).toHaveBeenCalledWith({ bookId: book.id, lookup: "isbn", isbn13: "9798123456927" }, { delaySeconds: 0 });
  });

  it("is the owner's alone: 404 for another member, 401 for a visitor, 409 when there is nothing to look up", async () => {
    const { book } = await waitingBook();
    const stranger = await signedInMember();
    const send = vi.spyOn(env.COVER_QUEUE, "send").mockResolvedValue(undefined as never);
    const post = (id: string, caller: Member | null) => api(`/books/${id}/lookup`, caller, { method: "POST", headers: SAME_ORIGIN });
    expect(await post(book.id, stranger)).toMatchObject({ status: 404, body: { error: "Book not found" } });
    expect((await post(book.id, null)).status).toBe(401);
    const titled = await waitingBook({ title: "Known Already" });
    expect(await post(titled.book.id, titled.owner)).toMatchObject({
      status: 409,
      body: { error: "Only a book with an ISBN and no title yet can be looked up again." },
    });
    const noIsbn = await waitingBook({ isbn13: null });
    expect((await post(noIsbn.book.id, noIsbn.owner)).status).toBe(409);
    expect(send).not.toHaveBeenCalled();
  });

  it("is offered on the book page and works as a plain form; the badge says what is missing", async () => {
    const { owner, book } = await waitingBook();
    const page = await (await call(`/books/${book.id}`, { cookie: owner.cookie })).text();
    expect(page).toContain(`action="/books/${book.id}/lookup"`);
    expect(page).toContain("Look up again");
    expect(page).toContain("Needs details: title and author");
    expect(page).toContain("Only you can see this book until it has a title.");
    const shelf = await (await call("/my-books", { cookie: owner.cookie })).text();
    expect(shelf).toContain("Needs details: title and author");

    const send = vi.spyOn(env.COVER_QUEUE, "send").mockResolvedValue(undefined as never);
    const posted = await call(`/books/${book.id}/lookup`, { method: "POST", cookie: owner.cookie, headers: SAME_ORIGIN, body: new FormData() });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/books/${book.id}`);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
