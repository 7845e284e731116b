import { env } from "cloudflare:workers";
import type { Cell } from "@worker/core/shared/area-cells";
import { blocks, emailOutbox, memberAreas, notificationPreferences, wantedBooks, wantedMatches } from "@worker/db/schema";
import { wantedCopyJob, wantedRematchJob } from "@worker/features/wanted";
import { runJob } from "@worker/jobs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { googleBooksNoItems, googleBooksScannedIsbn, openLibraryNoDocs, SCANNED_ISBN } from "../books/fixtures/google-books-isbn";
import { jsonResponse, mockFetch } from "../covers/helpers";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { loanInState, loanStep, type Member } from "../loans/support";
import { bellOf } from "../notifications/support";

afterEach(() => vi.restoreAllMocks());

type Wanted = { id: number; title: string; author: string; isbn13: string | null; source: string; bookId: string | null; copiesNear: number };
type WantedPage = { items: Wanted[]; nextToken: string | null; hasArea: boolean; radiusKm: number };
type NearCard = { bookId: string; title: string; userName: string; distanceKm: number; wantedTitle: string };

// Each test's members live in cells no other test file uses (the files share one database).
const placeAt = (member: Member, cell: Cell, radiusKm = 25) =>
  db.insert(memberAreas).values({ userId: member.user.id, ...cell, place: "Test town", updatedAt: Date.now(), wantedRadiusKm: radiusKm });
const want = (member: Member, body: unknown) => api<{ item: Wanted; created: boolean }>("/wanted", member, { method: "POST", json: body });
const listOf = async (member: Member) => (await api<WantedPage>("/wanted", member)).body.data!;
const nearOf = async (member: Member) => (await api<{ items: NearCard[] }>("/wanted/near", member)).body.data!.items;
const wantedBells = async (member: Member) => (await bellOf(member.user.id)).filter((item) => item.type === "wanted_available");
/**
 * Lists a copy through the API (so book.listed is published) and runs the job it scheduled, as its
 * alarm does (the alarm is due at once, so it may have run already: the job is idempotent).
 */
async function listCopy(owner: Member, fields: Record<string, unknown>) {
  const made = await api<{ bookId: string }>("/books", owner, { method: "POST", json: fields, headers: { Origin: "http://localhost" } });
  expect(made.status).toBe(201);
  const bookId = made.body.data!.bookId;
  await runJob(env, wantedCopyJob(bookId, "listed"), Date.now());
  return bookId;
}

describe("wanted books", () => {
  it("are added from a book's page, by ISBN or by title, once each, and listed newest first", async () => {
    const reader = await signedInMember({ name: "Wendy Wanter" });
    const faraway = await signedInMember({ name: "Otto Overseas" });
    const book = await createBook(faraway.user.id, { title: "The Quiet Lighthouse", author: "Ines Ortega", isbn13: "9798123456712" });

    const fromPage = await want(reader, { bookId: book.id });
    expect(fromPage.status).toBe(200);
    expect(fromPage.body.data).toMatchObject({
      created: true,
      item: { title: "The Quiet Lighthouse", author: "Ines Ortega", isbn13: "9798123456712", source: "book", bookId: book.id },
    });
    // Again, or the same book typed with other spelling: nothing new.
    expect((await want(reader, { bookId: book.id })).body.data!.created).toBe(false);
    expect((await want(reader, { title: "the quiet lighthouse!", author: "INES ORTEGA" })).body.data).toMatchObject({
      created: false,
      item: { id: fromPage.body.data!.item.id },
    });

    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksScannedIsbn) });
    const byIsbn = await want(reader, { isbn: "978-0-14-143951-8" });
    expect(byIsbn.body.data).toMatchObject({ created: true, item: { title: "Pride and Prejudice", isbn13: SCANNED_ISBN, source: "isbn", bookId: null } });

    const byTitle = await want(reader, { title: "  Kokoro ", author: "Natsume Sōseki" });
    expect(byTitle.body.data).toMatchObject({ created: true, item: { title: "Kokoro", author: "Natsume Sōseki", isbn13: null, source: "title" } });

    const page = await listOf(reader);
    expect(page.items.map((item) => item.title)).toEqual(["Kokoro", "Pride and Prejudice", "The Quiet Lighthouse"]);
    expect(page).toMatchObject({ hasArea: false, radiusKm: 25, nextToken: null });

    // Another member cannot remove it; I can, once.
    const other = await signedInMember();
    const id = byTitle.body.data!.item.id;
    expect((await api(`/wanted/${id}`, other, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/wanted/${id}`, reader, { method: "DELETE" })).body).toEqual({ success: true, data: { removed: true } });
    expect((await api(`/wanted/${id}`, reader, { method: "DELETE" })).body).toEqual({ success: false, error: "That wanted book is not on your list." });
  });

  it("refuses bad input with a clear 400, 404 or 409, and visitors with a 401", async () => {
    const reader = await signedInMember();
    const mine = await createBook(reader.user.id, { title: "My Own" });
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksNoItems), "openlibrary.org": () => jsonResponse(openLibraryNoDocs) });
    const cases: [unknown, number, string][] = [
      [{}, 400, "Send a bookId, an isbn, or a title (and author)."],
      [{ bookId: mine.id, title: "Both" }, 400, "Send a bookId, an isbn, or a title (and author)."],
      [{ author: "Only An Author" }, 400, "Send a bookId, an isbn, or a title (and author)."],
      [{ title: "   " }, 400, "title: Please enter a title."],
      [{ title: "x".repeat(301) }, 400, "title: A title is at most 300 characters."],
      [{ isbn: "12345" }, 400, "isbn: Give a valid ISBN-10 or ISBN-13"],
      [{ bookId: mine.id }, 409, "This is your own book."],
      [{ bookId: "no-such-book" }, 404, "Book not found"],
      [{ isbn: "9780306406157" }, 404, "We couldn't find a book for ISBN 9780306406157. Add it by title and author instead."],
    ];
    for (const [body, status, error] of cases) {
      const answer = await want(reader, body);
      expect([answer.status, answer.body.success], JSON.stringify(body)).toEqual([status, false]);
      expect(answer.body.error, JSON.stringify(body)).toBe(error);
    }
    expect((await api("/wanted/radius", reader, { method: "PUT", json: { radiusKm: 25 } })).body).toEqual({
      success: false,
      error: "Set your area on your profile to hear of copies near you.",
    });
    await placeAt(reader, { cellLat: 7011, cellLon: -2011 });
    expect((await api("/wanted/radius", reader, { method: "PUT", json: { radiusKm: 7 } })).status).toBe(400);
    expect((await api("/wanted/radius", reader, { method: "PUT", json: { radiusKm: 50 } })).body).toEqual({ success: true, data: { radiusKm: 50 } });
    expect((await api("/wanted/abc", reader, { method: "DELETE", invalid: true })).status).toBe(400);
    expect((await api("/wanted?nextToken=zzz", reader, { invalid: true })).status).toBe(400);
    for (const [path, method] of [
      ["/wanted", "GET"],
      ["/wanted", "POST"],
      ["/wanted/near", "GET"],
      ["/wanted/1", "DELETE"],
    ] as const) {
      expect((await api(path, null, { method, ...(method === "POST" ? { json: { title: "X" } } : {}) })).status, path).toBe(401);
    }
  });

  it("finds the copies already near when a book is wanted, and shows the free ones as Wanted, near you, with a rounded distance only", async () => {
    const reader = await signedInMember({ name: "Nora Nearby" });
    const [close, across, farAway] = await Promise.all([
      signedInMember({ name: "Cleo Close" }),
      signedInMember({ name: "Abe Across" }),
      signedInMember({ name: "Fitz Far" }),
    ]);
    await placeAt(reader, { cellLat: 6100, cellLon: -2100 });
    await placeAt(close, { cellLat: 6100, cellLon: -2106 });
    await placeAt(across, { cellLat: 6112, cellLon: -2100 });
    await placeAt(farAway, { cellLat: 6400, cellLon: -2100 });
    const title = "A Field Guide to Puffins";
    const near = await createBook(close.user.id, { title, author: "Pip Auk" });
    const lent = await createBook(across.user.id, { title, author: "Pip Auk", status: "borrowed" });
    await createBook(farAway.user.id, { title, author: "Pip Auk" });

    const added = await want(reader, { title: "a field guide to puffins", author: "pip auk" });
    expect(added.body.data!.item.copiesNear).toBe(2);
    const shown = await nearOf(reader);
    expect(shown.map((card) => [card.userName, card.distanceKm, card.wantedTitle])).toEqual([["Cleo Close", 3, "a field guide to puffins"]]);
    expect(JSON.stringify(shown)).not.toMatch(/cell|6100|2106/i);
    expect(lent.id).not.toBe(near.id);
    // The owner of the near copy sees one member nearby wants it (My Books' count, by book).
    const [match] = await db.select().from(wantedMatches).where(eq(wantedMatches.userId, reader.user.id));
    expect(match).toBeDefined();
  });

  it("rings a wanter's bell when a matching copy is listed within their radius: once, not beyond it, not across a block, not with the preference off", async () => {
    const owner = await signedInMember({ name: "Lena Lister" });
    const [inRadius, outside, blocked, quiet, byIsbn] = await Promise.all([
      signedInMember({ name: "Ida Inside" }),
      signedInMember({ name: "Olaf Outside" }),
      signedInMember({ name: "Bea Blocked" }),
      signedInMember({ name: "Quinn Quiet" }),
      signedInMember({ name: "Iggy Isbn" }),
    ]);
    await placeAt(owner, { cellLat: 5200, cellLon: 3300 });
    await placeAt(inRadius, { cellLat: 5210, cellLon: 3300 }, 25);
    await placeAt(outside, { cellLat: 5240, cellLon: 3300 }, 25);
    await placeAt(blocked, { cellLat: 5201, cellLon: 3300 });
    await placeAt(quiet, { cellLat: 5201, cellLon: 3301 });
    await placeAt(byIsbn, { cellLat: 5202, cellLon: 3300 });
    const title = "The Otter's Almanac";
    for (const member of [inRadius, outside, blocked, quiet]) expect((await want(member, { title, author: "Rue Holt" })).status).toBe(200);
    await db
      .insert(wantedBooks)
      .values({ userId: byIsbn.user.id, title: "", author: "", isbn13: "9798123456736", matchKey: "isbn:9798123456736", source: "isbn" });
    await db.insert(blocks).values({ blockerId: owner.user.id, blockedId: blocked.user.id });
    await db.insert(notificationPreferences).values({ userId: quiet.user.id, prefs: { wanted_book_nearby: false } });

    const bookId = await listCopy(owner, { title: "THE OTTER'S ALMANAC", author: "Rue  Holt", isbn: "9798123456736" });

    const [bell, ...more] = await wantedBells(inRadius);
    expect(more).toEqual([]);
    expect(bell).toMatchObject({
      title: '"THE OTTER\'S ALMANAC" is available near you',
      body: "Lena Lister's copy, about 10 km away",
      link: `/books/${bookId}`,
    });
    // The ISBN want matches the same copy (the rule of other copies: ISBN when both have one).
    expect((await wantedBells(byIsbn)).map((item) => item.body)).toEqual(["Lena Lister's copy, about 2 km away"]);
    for (const member of [outside, blocked, quiet]) expect(await wantedBells(member), member.user.name).toEqual([]);
    // The e-mail waits to gather the day's copies into one, sent when the UTC day ends.
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, inRadius.user.id));
    expect(mail?.batchKey).toMatch(/^wanted-near:\d{4}-\d{2}-\d{2}$/);
    expect(mail!.sendAfter).toBe(Date.parse(`${mail!.batchKey!.slice(12)}T00:00:00Z`) + 86_400_000);
    // A retried job tells nobody twice.
    await runJob(env, wantedCopyJob(bookId, "listed"), Date.now());
    expect(await wantedBells(inRadius)).toHaveLength(1);
  });

  it("tells wanters when a lent copy is returned with nobody waiting, and not while it is lent", async () => {
    const owner = await signedInMember({ name: "Rory Returner" });
    const [borrower, wanter] = await Promise.all([signedInMember(), signedInMember({ name: "Will Wait" })]);
    await placeAt(owner, { cellLat: -5500, cellLon: 12300 });
    await placeAt(wanter, { cellLat: -5502, cellLon: 12300 });
    const book = await createBook(owner.user.id, {
      title: "Seasons of the Kelp Forest",
      author: "Mara Deep",
      status: "borrowed",
      lentToUserId: borrower.user.id,
    });
    const loanId = await loanInState({ owner, borrower, book }, "lent");
    await want(wanter, { bookId: book.id });
    expect(await nearOf(wanter)).toEqual([]);

    await loanStep(loanId, "returned", owner);
    await runJob(env, wantedCopyJob(book.id, `returned:${loanId}`), Date.now());
    expect((await wantedBells(wanter)).map((item) => item.title)).toEqual(['"Seasons of the Kelp Forest" is available near you']);
    expect((await nearOf(wanter)).map((card) => card.bookId)).toEqual([book.id]);
  });

  it("are matched again when the member moves or clears their area", async () => {
    const mover = await signedInMember({ name: "Milo Mover" });
    const [oldNeighbour, newNeighbour] = await Promise.all([signedInMember({ name: "Olive Old" }), signedInMember({ name: "Ned New" })]);
    await placeAt(mover, { cellLat: 4400, cellLon: -9100 });
    await placeAt(oldNeighbour, { cellLat: 4401, cellLon: -9100 });
    await placeAt(newNeighbour, { cellLat: 4800, cellLon: -9100 });
    const title = "Wintering with Moose";
    const old = await createBook(oldNeighbour.user.id, { title, author: "Kit Birch" });
    const fresh = await createBook(newNeighbour.user.id, { title, author: "Kit Birch" });
    await want(mover, { title, author: "Kit Birch" });
    expect((await nearOf(mover)).map((card) => card.bookId)).toEqual([old.id]);

    // Moving (as PUT /api/geo/my-area stores it) schedules the re-match; its job runs as the alarm would.
    await db.update(memberAreas).set({ cellLat: 4801 }).where(eq(memberAreas.userId, mover.user.id));
    await runJob(env, wantedRematchJob(mover.user.id), Date.now());
    expect((await nearOf(mover)).map((card) => card.bookId)).toEqual([fresh.id]);
    expect((await listOf(mover)).items[0]!.copiesNear).toBe(1);

    await db.delete(memberAreas).where(eq(memberAreas.userId, mover.user.id));
    await runJob(env, wantedRematchJob(mover.user.id), Date.now());
    expect(await db.select().from(wantedMatches).where(eq(wantedMatches.userId, mover.user.id))).toEqual([]);
    expect(await nearOf(mover)).toEqual([]);
  });
});
