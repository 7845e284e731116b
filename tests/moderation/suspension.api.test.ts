import { createSession } from "@worker/core/session";
import { books, reports, sessions, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cookieHeaderFrom, GOOGLE_TOKEN_URL, googleIdToken, googleTokenResponse, pageText, postForm } from "../auth/support";
import { createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { asMember, type Member, moderator, post, report, SAME_ORIGIN, sendMessage } from "./support";

let mod: Member;
let reporter: Member;

beforeAll(async () => {
  [mod, reporter] = await Promise.all([moderator(), signedInMember()]);
});

const hiddenOf = async (bookId: string) => (await db.select({ hidden: books.hidden }).from(books).where(eq(books.id, bookId)))[0]!.hidden;

function localSignIn(email: string) {
  return call("/login", { method: "POST", headers: SAME_ORIGIN, body: new URLSearchParams({ intent: "new", name: "Someone", email }) });
}

describe("suspending a member from a report", () => {
  it("signs them out everywhere, refuses every write and sign-in, and hides their books until lifted", async () => {
    const target = await signedInMember({ name: "Troll" });
    const secondDevice = await createSession(db, target.user.id);
    const other = await signedInMember();
    const club = await createClub(other.user.id, { isPrivate: false });
    const { conversationId } = await sendMessage(target, other, "hello");
    const visible = await createBook(target.user.id, { title: "Visible before" });
    const moderated = await createBook(target.user.id, { title: "Already hidden" });
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, moderated.id));
    const otherBook = await createBook(other.user.id, { title: "Someone else's" });
    const extra = await report(reporter, { subject: "member", userId: target.user.id });

    const { envelope } = await report(reporter, { subject: "book", bookId: visible.id, reason: "spam" });
    const response = await post(`/api/moderation/reports/${envelope.data!.reportId}/suspend`, mod);
    expect(response.status).toBe(200);

    const [row] = await db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.suspendedAt).toEqual(expect.any(Number));
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);
    // Every open report of the member is closed with it.
    const [closed] = await db.select().from(reports).where(eq(reports.id, extra.envelope.data!.reportId));
    expect(closed).toMatchObject({ state: "actioned", action: "suspended" });
    expect(await hiddenOf(visible.id)).toBe("suspension");
    expect(await hiddenOf(moderated.id)).toBe("moderation");
    expect((await call(`/api/books/${visible.id}`)).status).toBe(404);

    // Every write with the old cookie or the old Bearer token is refused.
    const writes: [string, unknown][] = [
      ["/api/books", { title: "New book", author: "Me" }],
      [`/api/dm/conversations/${conversationId}/messages`, { content: "still here?" }],
      ["/api/loans", { bookId: otherBook.id }],
      [`/api/clubs/${club.id}/request`, undefined],
      ["/api/reports", { subject: "member", userId: other.user.id, reason: "spam" }],
    ];
    for (const [path, body] of writes) {
      const viaCookie = await post(path, target, body);
      expect(viaCookie.status, path).toBe(401);
      expect(await json(viaCookie)).toMatchObject({ success: false });
      const viaBearer = await call(path, { method: "POST", headers: { Authorization: `Bearer ${secondDevice.token}` }, json: body });
      expect(viaBearer.status, `${path} (Bearer)`).toBe(401);
    }
    const page = await call(`/books/${otherBook.id}`, { method: "POST", headers: asMember(target), body: new URLSearchParams({ intent: "request" }) });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/login");

    // A session that slipped through (defence in depth) still signs nobody in.
    const sneaky = await createSession(db, target.user.id);
    expect((await call("/api/users/me", { headers: { Authorization: `Bearer ${sneaky.token}` } })).status).toBe(401);

    // Sign-in is refused with a clear message.
    const signIn = await localSignIn(target.user.email);
    expect(signIn.status).toBe(403);
    expect(await signIn.text()).toContain("This account is suspended.");

    // Lifting the suspension brings back what it hid, not what a moderator hid, and sign-in works again.
    const lift = await post(`/api/moderation/members/${target.user.id}/unsuspend`, mod);
    expect(lift.status).toBe(200);
    expect(await hiddenOf(visible.id)).toBeNull();
    expect(await hiddenOf(moderated.id)).toBe("moderation");
    expect((await post(`/api/moderation/members/${target.user.id}/unsuspend`, mod)).status).toBe(409);
    const again = await localSignIn(target.user.email);
    expect(again.status).toBe(302);
    expect(again.headers.get("Set-Cookie")).toContain("bookclub_session=");
  });

  it("lists suspended members for the moderator", async () => {
    const target = await signedInMember({ name: "Quiet Suspended" });
    expect((await post(`/api/moderation/members/${target.user.id}/suspend`, mod)).status).toBe(200);
    const list = await json<Envelope<{ id: string }[]>>(await call("/api/moderation/members/suspended", { headers: asMember(mod) }));
    expect(list.data!.map((member) => member.id)).toContain(target.user.id);
    const page = await (await call("/moderation", { headers: asMember(mod) })).text();
    expect(page).toContain("Quiet Suspended");
    expect(page).toContain("Lift suspension");
  });
});

describe("Google sign-in of a suspended member", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is refused on the callback with a clear message, and starts no session", async () => {
    const sub = `sub-suspended-${crypto.randomUUID()}`;
    const target = await signedInMember({ googleSub: sub, email: `suspended-${crypto.randomUUID().slice(0, 8)}@gmail.com` });
    expect((await post(`/api/moderation/members/${target.user.id}/suspend`, mod)).status).toBe(200);
    const originalFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) =>
      new Request(input, init).url === GOOGLE_TOKEN_URL ? googleTokenResponse(googleIdToken({ sub, email: target.user.email })) : originalFetch(input, init),
    );
    const start = await postForm("/auth/google", { redirectTo: "" });
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    const search = new URLSearchParams({ code: "c0de", state });
    const response = await postForm(`/auth/callback?${search}`, { code: "c0de", state }, { cookie: cookieHeaderFrom(start) });
    expect(response.status).toBe(400);
    expect(pageText(await response.text())).toContain("This account is suspended.");
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("bookclub_session=");
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);
  });
});
