import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { analyticsEvents, loans } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { page } from "../helpers/pages";
import { lendingScene, type Member, requestLoanAs, stepOk } from "./support";

// The book page's one borrow action records the request in the ledger and opens
// the chat with the spec's message; the badge, the buttons and the waitlist tell one story.

function borrow(bookId: string, member: Member, fields: Record<string, string> = {}) {
  return call(`/books/${bookId}/borrow`, { method: "POST", headers: { ...SAME_ORIGIN, Cookie: member.cookie }, body: new URLSearchParams(fields) });
}

const openLoans = (bookId: string, borrowerId: string) =>
  db
    .select()
    .from(loans)
    .where(and(eq(loans.bookId, bookId), eq(loans.borrowerId, borrowerId)));

/** The text of every submit button and button-like link in the page's top part (before the metadata sections). */
function actions(html: string) {
  const top = html.slice(html.indexOf("<h1"), html.indexOf("Google Metadata"));
  const clean = top.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
  return [...clean.matchAll(/<(?:button type="submit"|a)[^>]*class="btn [^"]*"[^>]*>(.*?)<\/(?:button|a)>/g)].map((m) => m[1]!);
}

const badges = (html: string) => [...html.matchAll(/data-status="([^"]+)"[^>]*>([^<]+)</g)].map((m) => m[2]);

describe("Borrow from {owner}: one action for the ledger and the chat", () => {
  it("records the request, sends the spec's message in the chat with the owner, and goes there", async () => {
    const scene = await lendingScene({ title: "Dune" });
    const response = await borrow(scene.book.id, scene.borrower);
    expect(response.status).toBe(302);
    const conversationId = response.headers.get("Location")!.slice("/messages/".length);
    const [loan, ...more] = await openLoans(scene.book.id, scene.borrower.user.id);
    expect(more).toEqual([]);
    expect(loan).toMatchObject({ state: "requested", ownerId: scene.owner.user.id });
    const contents = (await conversationRoom(env, conversationId).list(scene.owner.user.id, 10)).items.map((m) => m.content);
    expect(contents).toContain(`Hi! I'm interested in borrowing "Dune". Is it available?`);
    // The owner's Requests tab lists it.
    const requests = (await page("/loans?tab=requests", scene.owner.cookie)).html;
    expect(requests).toContain(">Dune</a></h2>");
  });

  it("asks once when pressed twice: the second press just opens the same chat", async () => {
    const scene = await lendingScene({ title: "Twice" });
    const first = await borrow(scene.book.id, scene.borrower, { enhanced: "1", requestId: crypto.randomUUID() });
    const second = await borrow(scene.book.id, scene.borrower, { enhanced: "1", requestId: crypto.randomUUID() });
    const [a, b] = (await Promise.all([first.json(), second.json()])) as { ok: boolean; conversationId: string; notice: string }[];
    expect(a).toMatchObject({ ok: true, notice: "Message sent to the owner. Opening chat…" });
    expect(b).toMatchObject({ ok: true, conversationId: a!.conversationId, notice: "You have already asked to borrow this book. Opening chat…" });
    expect(await openLoans(scene.book.id, scene.borrower.user.id)).toHaveLength(1);
    const sent = (await conversationRoom(env, a!.conversationId).list(scene.borrower.user.id, 10)).items;
    expect(sent.filter((m) => m.content.startsWith("Hi! I'm interested"))).toHaveLength(1);
    const intents = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.type, "borrow_intent"), eq(analyticsEvents.userId, scene.borrower.user.id)));
    expect(intents).toHaveLength(1);
  });

  it("keeps the ledger's refusals on the book page: offered to the next in line (409)", async () => {
    const scene = await lendingScene({ title: "Offered" });
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loan.loanId, "accept", scene.owner);
    const waiter = await signedInMember();
    const join = await call(`/books/${scene.book.id}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: waiter.cookie },
      body: new URLSearchParams({ intent: "join-waitlist" }),
    });
    expect(join.status).toBe(200);
    await stepOk(loan.loanId, "cancel", scene.owner);
    const refused = await borrow(scene.book.id, scene.stranger, { enhanced: "1" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ ok: false, error: "This book is being offered to the next member on its waitlist.", stay: true });
    expect(await openLoans(scene.book.id, scene.stranger.user.id)).toEqual([]);
  });
});

describe("the book page tells one story", () => {
  it("offers one borrow button, then the request with Open chat; while promised, others see only the waitlist", async () => {
    const scene = await lendingScene({ title: "One Story" });
    const path = `/books/${scene.book.id}`;
    const before = (await page(path, scene.borrower.cookie)).html;
    // "Want this book" (the wanted list) sits beside the lending story on every member's view.
    expect(actions(before)).toEqual(["Borrow from Olive Owner", "View Olive Owner's profile", "Want this book"]);
    expect(badges(before)).toEqual(["Available"]);

    await borrow(scene.book.id, scene.borrower);
    const asked = (await page(path, scene.borrower.cookie)).html;
    expect(asked).toContain("You asked to borrow this book");
    expect(actions(asked)).toEqual(["Open chat", "Cancel request", "View Olive Owner's profile", "Want this book"]);
    expect(asked).toMatch(/<a[^>]*href="\/messages\/[0-9a-f-]{36}"[^>]*>Open chat<\/a>/);

    const [loan] = await openLoans(scene.book.id, scene.borrower.user.id);
    await stepOk(loan!.id, "accept", scene.owner);
    const stranger = (await page(path, scene.stranger.cookie)).html;
    expect(badges(stranger)).toEqual(["Promised"]);
    expect(stranger).not.toContain(">Available<");
    expect(actions(stranger)).toEqual(["Join the waitlist", "View Olive Owner's profile", "Want this book"]);
    const visitor = (await page(path)).html;
    expect(badges(visitor)).toEqual(["Promised"]);
    expect(actions(visitor)).toEqual(["Join the waitlist", "Want this book"]);
  });
});

describe("POST /api/loans/borrow: the same one step for API clients", () => {
  type Answer = { loan: { loanId: string; state: string; conversationId: string }; conversationId: string; created: boolean };
  it("asks and opens the chat once; a second call names the same loan and chat and sends nothing", async () => {
    const scene = await lendingScene({ title: "Api Borrow" });
    const first = await api<Answer>("/loans/borrow", scene.borrower, { method: "POST", json: { bookId: scene.book.id, requestId: crypto.randomUUID() } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: true, loan: { state: "requested" } });
    const again = await api<Answer>("/loans/borrow", scene.borrower, { method: "POST", json: { bookId: scene.book.id } });
    expect(again.body.data).toMatchObject({ created: false, conversationId: first.body.data!.conversationId, loan: { loanId: first.body.data!.loan.loanId } });
    const chat = (await conversationRoom(env, first.body.data!.conversationId).list(scene.owner.user.id, 10)).items;
    expect(chat.filter((m) => m.content === `Hi! I'm interested in borrowing "Api Borrow". Is it available?`)).toHaveLength(1);
  });

  it("refuses the owner (400) and visitors (401)", async () => {
    const scene = await lendingScene();
    const own = await api("/loans/borrow", scene.owner, { method: "POST", json: { bookId: scene.book.id } });
    expect(own).toMatchObject({ status: 400, body: { error: "This is your own book." } });
    expect((await api("/loans/borrow", null, { method: "POST", json: { bookId: scene.book.id } })).status).toBe(401);
  });
});
