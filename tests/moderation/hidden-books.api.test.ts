import { env } from "cloudflare:workers";
import { bookCounts, books, conversations } from "@worker/db/schema";
import { countLibraryBooks, listLibraryBooks } from "@worker/features/books/library";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoomEvent } from "../../durable-objects/room-protocol";
import { createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { asMember, type Member, moderator, post, report, sendMessage, threadOf } from "./support";

let owner: Member;
let reader: Member;
let mod: Member;

beforeAll(async () => {
  [owner, reader, mod] = await Promise.all([signedInMember({ name: "Olive Owner" }), signedInMember(), moderator()]);
});

type Listing = Envelope<{ items: { bookId: string }[]; total: number }>;
const library = async (query: string, member: Member | null = null) =>
  json<Listing>(await call(`/api/books?bare=1&limit=100&${query}`, { headers: member ? asMember(member) : {} }));
const counter = async (scope: string) => (await db.select().from(bookCounts).where(eq(bookCounts.scope, scope)))[0]?.n ?? 0;

async function hideByReport(bookId: string) {
  const { envelope } = await report(reader, { subject: "book", bookId, reason: "inappropriate" });
  const response = await post(`/api/moderation/reports/${envelope.data!.reportId}/hide`, mod);
  expect(response.status).toBe(200);
}

describe("a book a moderator hides", () => {
  it("leaves the library listing, search, counts and club shelves, and comes back when shown again", async () => {
    const club = await createClub(owner.user.id);
    const book = await createBook(owner.user.id, { title: "Zanzibar Quokka Tales", ageGroupFine: "adult", clubId: club.id });
    const kept = await createBook(owner.user.id, { title: "Zanzibar Quokka Sequel", ageGroupFine: "adult", clubId: club.id });
    const before = { all: await counter("all"), user: await counter(`user:${owner.user.id}`), age: await counter("age:adult") };

    await hideByReport(book.id);
    expect((await db.select({ hidden: books.hidden }).from(books).where(eq(books.id, book.id)))[0]!.hidden).toBe("moderation");

    const listed = await library("");
    expect(listed.data!.items.map((item) => item.bookId)).not.toContain(book.id);
    expect(listed.data!.items.map((item) => item.bookId)).toContain(kept.id);
    const own = await library(`userId=${owner.user.id}`);
    expect(own.data!.items.map((item) => item.bookId)).toEqual([kept.id]);
    expect(own.data!.total).toBe(1);

    const search = await library("search=zanzibar%20quokka");
    expect(search.data!.items.map((item) => item.bookId)).toEqual([kept.id]);
    expect(search.data!.total).toBe(1);
    const narrow = await library(`search=zanzibar&ageGroupFine=adult&userId=${owner.user.id}`);
    expect(narrow.data!.total).toBe(1);

    expect(await counter("all")).toBe(before.all - 1);
    expect(await counter(`user:${owner.user.id}`)).toBe(before.user - 1);
    expect(await counter("age:adult")).toBe(before.age - 1);
    expect(await counter(`user-age:${owner.user.id}:adult`)).toBe(1);

    const ctx = { db, env, user: null };
    const shelf = await listLibraryBooks(ctx, { limit: 25 }, { clubId: club.id });
    expect(shelf.items.map((item) => item.bookId)).toEqual([kept.id]);

    // Edits to a hidden book keep it out of the search index (an FTS 'delete' of a row it lacks would corrupt it).
    await db.update(books).set({ title: "Zanzibar Quokka Tales, revised" }).where(eq(books.id, book.id));
    expect((await library("search=zanzibar")).data!.total).toBe(1);

    await db.update(books).set({ hidden: null }).where(eq(books.id, book.id));
    expect(await counter("all")).toBe(before.all);
    expect(await counter(`user-age:${owner.user.id}:adult`)).toBe(2);
    expect((await library("search=zanzibar%20quokka")).data!.total).toBe(2);
    expect((await countLibraryBooks(ctx, { userId: owner.user.id })).count).toBe(2);

    // Deleting a hidden book leaves the counters alone (it was not counted) and the index intact.
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, book.id));
    await db.delete(books).where(eq(books.id, book.id));
    expect(await counter(`user:${owner.user.id}`)).toBe(before.user - 1);
    await env.DB.prepare("insert into books_fts(books_fts) values('integrity-check')").run();
  });

  it("is a 404 for everyone but its owner, who sees why", async () => {
    const book = await createBook(owner.user.id, { title: "Hidden Gem" });
    await hideByReport(book.id);
    for (const member of [null, reader, mod]) {
      const headers = member ? asMember(member) : {};
      expect((await call(`/books/${book.id}`, { headers })).status).toBe(404);
      const api = await call(`/api/books/${book.id}`, { headers });
      expect(api.status).toBe(404);
      expect(await json(api)).toMatchObject({ success: false });
    }
    const page = await call(`/books/${book.id}`, { headers: asMember(owner) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("A moderator hid this book.");
    const api = await json<Envelope<{ hidden: string }>>(await call(`/api/books/${book.id}`, { headers: asMember(owner) }));
    expect(api.data!.hidden).toBe("moderation");
  });

  it("stays on its owner's own shelf, marked and counted, and on nobody else's view of it", async () => {
    const shelfOwner = await signedInMember({ name: "Shelly Owner" });
    const hiddenBook = await createBook(shelfOwner.user.id, { title: "Quiet Volume", ageGroupFine: "adult" });
    const visible = await createBook(shelfOwner.user.id, { title: "Loud Volume", ageGroupFine: "adult" });
    await hideByReport(hiddenBook.id);

    type Shelf = Envelope<{ items: { bookId: string; hidden?: string }[]; total: number }>;
    const shelfFor = async (member: Member | null, extra = "") =>
      json<Shelf>(await call(`/api/books?bare=1&limit=100&userId=${shelfOwner.user.id}${extra}`, { headers: member ? asMember(member) : {} }));
    const own = await shelfFor(shelfOwner);
    expect(own.data!.items.map((item) => [item.bookId, item.hidden])).toEqual([
      [visible.id, undefined],
      [hiddenBook.id, "moderation"],
    ]);
    expect(own.data!.total).toBe(2);
    expect((await shelfFor(shelfOwner, "&ageGroupFine=adult")).data!.total).toBe(2);
    for (const member of [null, reader, mod]) {
      const seen = await shelfFor(member);
      expect(seen.data!.items.map((item) => item.bookId)).toEqual([visible.id]);
      expect(seen.data!.total).toBe(1);
    }

    const page = await call("/my-books", { headers: asMember(shelfOwner) });
    const html = await page.text();
    expect(html).toContain("Quiet Volume");
    expect(html).toContain("Hidden by a moderator");
    expect(html).toMatch(/>2(<!-- -->)? books on your shelf</);
  });

  it("cannot be borrowed or reported again (404)", async () => {
    const book = await createBook(owner.user.id, { title: "Out of reach" });
    await hideByReport(book.id);
    const loan = await post("/api/loans", reader, { bookId: book.id });
    expect(loan.status).toBe(404);
    expect((await report(reader, { subject: "book", bookId: book.id })).status).toBe(404);
  });
});

describe("a message a moderator hides", () => {
  it("is gone from the thread for both members and from the conversation's snippet", async () => {
    const first = await sendMessage(owner, reader, "Hello, is the book still available?");
    const second = await sendMessage(owner, reader, "Send me your bank details");
    expect(second.conversationId).toBe(first.conversationId);
    const { envelope } = await report(reader, { subject: "message", conversationId: second.conversationId, messageId: second.messageId, reason: "scam" });
    const unreadOf = async (member: Member) => {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, second.conversationId));
      return row!.userAId === member.user.id ? row!.unreadCountForUserA : row!.unreadCountForUserB;
    };
    const readerUnread = await unreadOf(reader);
    expect(readerUnread).toBeGreaterThan(0);
    // An open thread is told to drop it.
    const live = await call(`/api/dm/conversations/${second.conversationId}/socket`, { headers: { ...asMember(owner), Upgrade: "websocket" } });
    const socket = live.webSocket!;
    socket.accept();
    const events: RoomEvent[] = [];
    socket.addEventListener("message", (message) => events.push(JSON.parse(message.data as string) as RoomEvent));
    const hide = await post(`/api/moderation/reports/${envelope.data!.reportId}/hide`, mod);
    expect(hide.status).toBe(200);
    await expect.poll(() => events.map((event) => event.type)).toContain("hidden");
    expect(events.find((event) => event.type === "hidden")).toEqual({ type: "hidden", messageId: second.messageId });
    socket.close();

    for (const member of [owner, reader]) {
      const thread = await threadOf(member, second.conversationId);
      const texts = thread.data!.items.map((item) => item.content);
      expect(texts).toContain("Hello, is the book still available?");
      expect(texts).not.toContain("Send me your bank details");
    }
    const [row] = await db.select().from(conversations).where(eq(conversations.id, second.conversationId));
    expect(row!.lastMessageSnippet).toBe("Hello, is the book still available?");
    // The hidden message no longer counts as unread: the badge never promises what the thread won't show.
    expect(await unreadOf(reader)).toBe(readerUnread - 1);
    expect(await unreadOf(owner)).toBe(0);
    // Reporting it again finds nothing.
    expect((await report(reader, { subject: "message", conversationId: second.conversationId, messageId: second.messageId })).status).toBe(404);
  });

  it("is not given back by a retried send with its messageId: 409 without its text, and no second copy", async () => {
    const { conversationId, messageId } = await sendMessage(owner, reader, "Meet me behind the station with cash");
    const { envelope } = await report(reader, { subject: "message", conversationId, messageId, reason: "scam" });
    expect((await post(`/api/moderation/reports/${envelope.data!.reportId}/hide`, mod)).status).toBe(200);

    for (const [member, content] of [
      [owner, "Meet me behind the station with cash"],
      [reader, "anything"],
    ] as const) {
      const retry = await post(`/api/dm/conversations/${conversationId}/messages`, member, { content, messageId });
      const body = await retry.text();
      expect(retry.status).toBe(409);
      expect(JSON.parse(body)).toEqual({ success: false, error: "This message was removed by a moderator." });
      expect(body).not.toContain("behind the station");
    }
    for (const member of [owner, reader]) {
      const texts = (await threadOf(member, conversationId)).data!.items.map((item) => item.content);
      expect(texts.join("\n")).not.toContain("behind the station");
      expect(texts).not.toContain("anything");
    }
  });
});
