import { REPORT_RECEIVED } from "@worker/core/shared/reports";
import { notifications, reports } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { asMember, type Member, moderator, post, report, reportRow, sendMessage } from "./support";

let reporter: Member;
let reported: Member;
let mod: Member;

beforeAll(async () => {
  [reporter, reported, mod] = await Promise.all([signedInMember({ name: "Rita Reporter" }), signedInMember({ name: "Sam Subject" }), moderator()]);
});

describe("POST /api/reports", () => {
  it("files a report of a member and thanks the reporter", async () => {
    const { status, envelope } = await report(reporter, { subject: "member", userId: reported.user.id, reason: "harassment", details: "Rude messages" });
    expect(status).toBe(201);
    expect(envelope).toMatchObject({ success: true, data: { message: REPORT_RECEIVED } });
    const row = await reportRow(envelope.data!.reportId);
    expect(row).toMatchObject({
      reporterId: reporter.user.id,
      subject: "member",
      subjectUserId: reported.user.id,
      reason: "harassment",
      details: "Rude messages",
      state: "open",
    });
    expect(row.snapshot).toContain("Sam Subject");
  });

  it("reports a book with a snapshot of it, naming its owner as the reported member", async () => {
    const book = await createBook(reported.user.id, { title: "Spammy Book", author: "Someone" });
    const { status, envelope } = await report(reporter, { subject: "book", bookId: book.id, reason: "inappropriate" });
    expect(status).toBe(201);
    const row = await reportRow(envelope.data!.reportId);
    expect(row).toMatchObject({ subject: "book", bookId: book.id, subjectUserId: reported.user.id, snapshot: "Spammy Book by Someone" });
  });

  it("reports a message with its text, since moderators are not in the conversation", async () => {
    const { conversationId, messageId } = await sendMessage(reported, reporter, "Buy cheap watches at example.com");
    const { status, envelope } = await report(reporter, { subject: "message", conversationId, messageId, reason: "scam" });
    expect(status).toBe(201);
    const row = await reportRow(envelope.data!.reportId);
    expect(row).toMatchObject({ subject: "message", conversationId, messageId, subjectUserId: reported.user.id, snapshot: "Buy cheap watches at example.com" });
  });

  it("never tells the reported member who reported them", async () => {
    await report(reporter, { subject: "member", userId: reported.user.id });
    const bell = await db.select().from(notifications).where(eq(notifications.userId, reported.user.id));
    expect(bell.filter((item) => item.type !== "message_received")).toEqual([]);
    // Only moderators read the queue that names reporters.
    expect((await call("/api/moderation/reports", { headers: asMember(reported) })).status).toBe(403);
  });

  it("refuses to report oneself, one's own book or one's own message (400)", async () => {
    const own = await createBook(reporter.user.id);
    const { conversationId, messageId } = await sendMessage(reporter, reported, "My own words");
    for (const body of [
      { subject: "member", userId: reporter.user.id },
      { subject: "book", bookId: own.id },
      { subject: "message", conversationId, messageId },
    ]) {
      const { status, envelope } = await report(reporter, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(envelope.success).toBe(false);
      expect(envelope.error).toMatch(/can't report your/);
    }
  });

  it("answers 404 for what does not exist or is not the reporter's conversation", async () => {
    const stranger = await signedInMember();
    const { conversationId, messageId } = await sendMessage(reported, mod, "Private words");
    for (const body of [
      { subject: "member", userId: "nobody" },
      { subject: "book", bookId: "no-such-book" },
      { subject: "message", conversationId, messageId },
      { subject: "message", conversationId: "no-such-conversation", messageId },
    ]) {
      const { status, envelope } = await report(stranger, body);
      expect(status, JSON.stringify(body)).toBe(404);
      expect(envelope.success).toBe(false);
    }
  });

  it("validates the body with the envelope (400)", async () => {
    for (const body of [
      { subject: "member", userId: reported.user.id, reason: "boring" },
      { subject: "planet", userId: reported.user.id },
      { subject: "book" },
      { subject: "member", userId: reported.user.id, details: "x".repeat(1001) },
    ]) {
      const { status, envelope } = await report(reporter, body, true);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(envelope).toMatchObject({ success: false, error: expect.any(String) });
    }
    const form = await call("/api/reports", { method: "POST", headers: { ...asMember(reporter), "Content-Type": "text/plain" }, body: "{}", invalid: true });
    expect(form.status).toBe(400);
  });

  it("rate-limits reports per member (429)", async () => {
    await startOfRateLimitWindow();
    const busy = await signedInMember();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await report(busy, { subject: "member", userId: reported.user.id })).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

type Caller = "visitor" | "member" | "other" | "moderator";
const CALLERS: Caller[] = ["visitor", "member", "other", "moderator"];

describe("authorization matrix", () => {
  let member: Member;
  let other: Member;
  let subject: Member;
  beforeAll(async () => {
    [member, other, subject] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
  });
  const who = (caller: Caller) => ({ visitor: null, member, other, moderator: mod })[caller];

  async function openReport() {
    const book = await createBook(subject.user.id);
    const id = crypto.randomUUID();
    await db.insert(reports).values({ id, reporterId: member.user.id, subject: "book", subjectUserId: subject.user.id, bookId: book.id, reason: "spam" });
    return id;
  }
  async function suspendedMember() {
    const someone = await signedInMember();
    await post(`/api/moderation/members/${someone.user.id}/suspend`, mod);
    return someone.user.id;
  }

  const endpoints: { name: string; send: (caller: Member | null) => Promise<Response>; expected: Record<Caller, number> }[] = [
    {
      name: "POST /api/reports",
      send: (caller) => post("/api/reports", caller, { subject: "member", userId: subject.user.id, reason: "other" }),
      expected: { visitor: 401, member: 201, other: 201, moderator: 201 },
    },
    {
      name: "GET /api/moderation/reports",
      send: (caller) => call("/api/moderation/reports", { headers: caller ? asMember(caller) : {} }),
      expected: { visitor: 401, member: 403, other: 403, moderator: 200 },
    },
    {
      name: "GET /api/moderation/members/suspended",
      send: (caller) => call("/api/moderation/members/suspended", { headers: caller ? asMember(caller) : {} }),
      expected: { visitor: 401, member: 403, other: 403, moderator: 200 },
    },
    ...(["dismiss", "hide", "suspend"] as const).map((action) => ({
      name: `POST /api/moderation/reports/:id/${action}`,
      send: async (caller: Member | null) => post(`/api/moderation/reports/${await openReport()}/${action}`, caller),
      expected: { visitor: 401, member: 403, other: 403, moderator: 200 },
    })),
    {
      name: "POST /api/moderation/members/:id/unsuspend",
      send: async (caller) => post(`/api/moderation/members/${await suspendedMember()}/unsuspend`, caller),
      expected: { visitor: 401, member: 403, other: 403, moderator: 200 },
    },
    {
      name: "GET /moderation (page)",
      send: (caller) => call("/moderation", { headers: caller ? asMember(caller) : {} }),
      expected: { visitor: 302, member: 404, other: 404, moderator: 200 },
    },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: visitor, member, other member, moderator`, async () => {
      for (const caller of CALLERS) {
        const response = await endpoint.send(who(caller));
        expect(response.status, `${endpoint.name} as ${caller}`).toBe(endpoint.expected[caller]);
        if (endpoint.name.includes("/api/")) {
          const body = await json<Envelope>(response);
          expect(body.success, `${endpoint.name} as ${caller}`).toBe(response.status < 400);
          if (response.status >= 400) expect(body.error).toEqual(expect.any(String));
        }
      }
    });
  }
});

describe("moderator actions", () => {
  // Each test reports as a member of its own, so the per-member rate limit stays out of the way.
  let reporter: Member;
  beforeEach(async () => {
    reporter = await signedInMember({ name: "Rita Reporter" });
  });

  it("lists open reports, oldest first, with the reporter shown to moderators only", async () => {
    const { envelope } = await report(reporter, { subject: "member", userId: reported.user.id, reason: "harassment", details: "Keeps messaging me" });
    const list = await json<Envelope<{ reportId: string; reporter: { name: string }; details: string }[]>>(
      await call("/api/moderation/reports", { headers: asMember(mod) }),
    );
    const mine = list.data!.find((item) => item.reportId === envelope.data!.reportId);
    expect(mine).toMatchObject({ reporter: { name: "Rita Reporter" }, details: "Keeps messaging me", subjectUser: { name: "Sam Subject", suspended: false } });
    const page = await (await call("/moderation", { headers: asMember(mod) })).text();
    expect(page).toContain("Open reports");
    expect(page).toContain("Keeps messaging me");
  });

  it("dismisses a report once; a second review is a 409, an unknown report a 404", async () => {
    const { envelope } = await report(reporter, { subject: "member", userId: reported.user.id });
    const id = envelope.data!.reportId;
    const first = await post(`/api/moderation/reports/${id}/dismiss`, mod);
    expect(first.status).toBe(200);
    expect(await reportRow(id)).toMatchObject({ state: "dismissed", reviewedBy: mod.user.id });
    const again = await post(`/api/moderation/reports/${id}/dismiss`, mod);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ success: false, error: "This report has already been reviewed." });
    expect((await post("/api/moderation/reports/nope/dismiss", mod)).status).toBe(404);
    expect((await post("/api/moderation/members/nope/unsuspend", mod)).status).toBe(404);
  });

  it("cannot hide a member (400) and cannot suspend oneself (400)", async () => {
    const { envelope } = await report(reporter, { subject: "member", userId: reported.user.id });
    const hide = await post(`/api/moderation/reports/${envelope.data!.reportId}/hide`, mod);
    expect(hide.status).toBe(400);
    expect((await post(`/api/moderation/members/${mod.user.id}/suspend`, mod)).status).toBe(400);
  });

  it("is reachable from a moderator's profile (the phone's bottom bar has no Moderation link), and from no one else's", async () => {
    const own = await (await call("/profile", { headers: asMember(mod) })).text();
    expect(own).toContain("Review reports");
    expect(own).toContain('href="/moderation"');
    const member = await (await call("/profile", { headers: asMember(reporter) })).text();
    expect(member).not.toContain("Review reports");
    expect(member).not.toContain('href="/moderation"');
  });

  it("works from the /moderation page's forms too", async () => {
    const { envelope } = await report(reporter, { subject: "member", userId: reported.user.id });
    const form = new URLSearchParams({ intent: "dismiss", reportId: envelope.data!.reportId });
    const response = await call("/moderation", { method: "POST", headers: asMember(mod), body: form });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Report dismissed.");
    const refused = await call("/moderation", { method: "POST", headers: asMember(reporter), body: form });
    expect(refused.status).toBe(404);
  });

  it("files a report from the Report dialog's form (/report)", async () => {
    const form = new URLSearchParams({ subject: "member", userId: reported.user.id, reason: "spam", details: "" });
    const response = await call("/report", { method: "POST", headers: asMember(reporter), body: form });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thanks — your report was received.");
    const self = await call("/report", {
      method: "POST",
      headers: asMember(reporter),
      body: new URLSearchParams({ subject: "member", userId: reporter.user.id, reason: "spam" }),
    });
    expect(self.status).toBe(400);
  });
});
