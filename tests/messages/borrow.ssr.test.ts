import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { analyticsEvents, blocks, conversations } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The book page's Borrow form: a plain post, or the page script's (`enhanced`, JSON back). */
function borrow(bookId: string, member: Member | null, fields: Record<string, string> = {}) {
  return call(`/books/${bookId}/borrow`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, ...(member ? { Cookie: member.cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

async function messagesIn(conversationId: string, viewerId: string) {
  return (await conversationRoom(env, conversationId).list(viewerId, 10)).items;
}

async function borrowIntents(userId: string) {
  return db
    .select()
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.type, "borrow_intent"), eq(analyticsEvents.userId, userId)));
}

/** The one-shot notice the redirect carries (the flash cookie: base64 of the JSON's UTF-8). */
function flashOf(response: Response): { type: string; message: string } | null {
  const value = response.headers.get("Set-Cookie")?.match(/bookclub_flash=([^;]+)/)?.[1];
  if (!value) return null;
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(value)), (c) => c.charCodeAt(0))));
}

describe("the borrow flow (POST /books/{bookId}/borrow)", () => {
  it("opens the chat with the owner, sends the request, records the intent, and goes to the chat", async () => {
    const owner = await signedInMember({ name: "Olga Owner" });
    const reader = await signedInMember({ name: "Rafa Reader" });
    const book = await createBook(owner.user.id, { title: "The Hobbit" });

    const response = await borrow(book.id, reader);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    expect(flashOf(response)).toEqual({ type: "success", message: "Message sent to the owner. Opening chat…" });
    const conversationId = location.slice("/messages/".length);

    // The chat has the ledger's "📚 Asked to borrow" line (the request is recorded) and the spec's message.
    const chat = await messagesIn(conversationId, owner.user.id);
    expect(chat.map((m) => m.content.split("\n")[0])).toContain(`📚 Asked to borrow "The Hobbit".`);
    const message = chat.find((m) => m.content.startsWith("Hi!"));
    expect(message).toMatchObject({ fromUserId: reader.user.id, content: `Hi! I'm interested in borrowing "The Hobbit". Is it available?` });
    const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect([row!.userAId, row!.userBId].sort()).toEqual([owner.user.id, reader.user.id].sort());
    expect(await borrowIntents(reader.user.id)).toMatchObject([{ bookId: book.id, data: { conversationId, messageId: message!.messageId } }]);

    // The owner sees the request in their list, unread.
    const list = await (await call("/messages", { cookie: owner.cookie })).text();
    expect(list).toContain("Hi! I&#x27;m interested in borrowing &quot;The Hobbit&quot;. Is it available?");
    expect(list).toMatch(/>\d<span class="sr-only"> unread<\/span>/);
  });

  it("answers the page's script in JSON, and a retried request (same id) sends once", async () => {
    const owner = await signedInMember();
    const reader = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Rebecca" });
    const requestId = crypto.randomUUID();
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const response = await borrow(book.id, reader, { enhanced: "1", requestId });
      expect(response.status).toBe(200);
      answers.push((await response.json()) as { ok: boolean; conversationId: string });
    }
    expect(answers[0]).toEqual({ ok: true, conversationId: expect.any(String), notice: "Message sent to the owner. Opening chat…" });
    // The request is recorded by then: the retry just opens the same chat.
    expect(answers[1]).toEqual({ ...answers[0], notice: "You have already asked to borrow this book. Opening chat…" });
    const sent = await messagesIn(answers[0]!.conversationId, reader.user.id);
    expect(sent.map((m) => m.content).filter((c) => c.startsWith("Hi!"))).toEqual([`Hi! I'm interested in borrowing "Rebecca". Is it available?`]);
  });

  it("sends visitors to sign in and back to the book; a GET goes to the book", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id);
    const response = await borrow(book.id, null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/books/${book.id}`)}`);
    const get = await call(`/books/${book.id}/borrow`);
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe(`/books/${book.id}`);
  });

  it("tells the owner 'This is your own book.' and opens nothing", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id);
    const plain = await borrow(book.id, owner);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(`/books/${book.id}`);
    expect(flashOf(plain)).toEqual({ type: "warning", message: "This is your own book." });
    const enhanced = await borrow(book.id, owner, { enhanced: "1" });
    expect(enhanced.status).toBe(400);
    expect(await enhanced.json()).toEqual({ ok: false, error: "This is your own book.", stay: true });
    expect(await borrowIntents(owner.user.id)).toEqual([]);
  });

  it("refuses a private club's book to a non-member (403), but lets its members borrow it", async () => {
    const owner = await signedInMember({ name: "Hana Host" });
    const outsider = await signedInMember();
    const insider = await signedInMember();
    const club = await createClub(owner.user.id, { name: "Quiet Corner", isPrivate: true });
    await addMember(club.id, insider.user.id);
    const book = await createBook(owner.user.id, { title: "Secret Garden", clubId: club.id });

    const refused = await borrow(book.id, outsider, { enhanced: "1" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ ok: false, error: "Could not start a chat. Opening Messages…", stay: false });
    expect(await db.select().from(conversations).where(eq(conversations.userAId, outsider.user.id))).toEqual([]);
    expect(await db.select().from(conversations).where(eq(conversations.userBId, outsider.user.id))).toEqual([]);
    expect(await borrowIntents(outsider.user.id)).toEqual([]);

    expect((await borrow(book.id, insider, { enhanced: "1" })).status).toBe(200);
  });

  it("on failure (an unknown book, a block) says 'Could not start a chat. Opening Messages…' and goes to Messages", async () => {
    const owner = await signedInMember();
    const reader = await signedInMember();
    const book = await createBook(owner.user.id);
    await db.insert(blocks).values({ blockerId: owner.user.id, blockedId: reader.user.id });
    for (const bookId of [book.id, crypto.randomUUID()]) {
      const plain = await borrow(bookId, reader);
      expect(plain.status).toBe(302);
      expect(plain.headers.get("Location")).toBe("/messages");
      expect(flashOf(plain)).toEqual({ type: "error", message: "Could not start a chat. Opening Messages…" });
    }
    expect(await borrowIntents(reader.user.id)).toEqual([]);
  });
});

describe("what the borrow action refuses", () => {
  it("a cross-site post (403) and an oversized form (413), sending nothing", async () => {
    const owner = await signedInMember();
    const reader = await signedInMember();
    const book = await createBook(owner.user.id);
    const crossSite = await call(`/books/${book.id}/borrow`, {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: reader.cookie },
      body: new URLSearchParams({ enhanced: "1" }),
    });
    expect(crossSite.status).toBe(403);
    const oversized = await borrow(book.id, reader, { padding: "x".repeat(70 * 1024) });
    expect(oversized.status).toBe(413);
    expect(await db.select().from(conversations).where(eq(conversations.userAId, reader.user.id))).toEqual([]);
    expect(await db.select().from(conversations).where(eq(conversations.userBId, reader.user.id))).toEqual([]);
    expect(await borrowIntents(reader.user.id)).toEqual([]);
  });
});

describe("the book page's Borrow button", () => {
  it("is a form posting to the borrow action for members, and a sign-in link for visitors", async () => {
    const owner = await signedInMember({ name: "Priya" });
    const reader = await signedInMember();
    const book = await createBook(owner.user.id);
    const member = (await (await call(`/books/${book.id}`, { cookie: reader.cookie })).text()).replaceAll("<!-- -->", "");
    const form = member.match(/<form[^>]*action="([^"]+)"[^>]*><button type="submit" class="btn btn-primary">Borrow from Priya<\/button>/);
    expect(form?.[1]).toBe(`/books/${book.id}/borrow`);
    expect(form?.[0]).toContain('method="post"');
    expect(member).not.toContain("coming soon");
    const visitor = (await (await call(`/books/${book.id}`)).text()).replaceAll("<!-- -->", "");
    expect(visitor).toMatch(new RegExp(`<a[^>]*href="/login\\?redirectTo=${encodeURIComponent(`/books/${book.id}`)}"[^>]*>Borrow from Priya</a>`));
    const own = (await (await call(`/books/${book.id}`, { cookie: owner.cookie })).text()).replaceAll("<!-- -->", "");
    expect(own).not.toContain("Borrow from");
  });
});
