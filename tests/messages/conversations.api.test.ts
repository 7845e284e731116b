import { users } from "@worker/db/schema";
import type { ConversationSummary } from "@worker/features/messages/conversation-list";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { createConversation } from "./support";

type ListData = { items: ConversationSummary[]; nextToken: string | null };

const list = (query: string, cookie?: string, invalid = false) => api<ListData>(`/dm/conversations${query}`, { cookie }, { headers: {}, invalid });

const HOUR = 60 * 60 * 1000;

describe("GET /api/dm/conversations", () => {
  let me: Awaited<ReturnType<typeof signedInMember>>;
  const ids: Record<string, string> = {};
  const now = Date.now();

  beforeAll(async () => {
    me = await signedInMember({ name: "Mae" });
    // Ids chosen on both sides of Mae's, so she is userA in some rows and userB in others.
    const people = {
      early: await createMember({ id: "0000-early", name: "Early Bird", picture: "avatars/0000-early/pic.png" }),
      late: await createMember({ id: "zzzz-late", name: "Late Owl" }),
      newest: await createMember({ id: "0000-newest", name: "Newest News" }),
      silent: await createMember({ id: "zzzz-silent", name: "Silent Sam" }),
    };
    ids.early = (
      await createConversation(me.user.id, people.early.id, {
        snippet: "Morning!",
        lastMessageAt: now - 3 * HOUR,
        unreadFor: { [me.user.id]: 2, [people.early.id]: 5 },
      })
    ).id;
    ids.late = (await createConversation(me.user.id, people.late.id, { snippet: "Night!", lastMessageAt: now - HOUR, unreadFor: { [people.late.id]: 4 } })).id;
    ids.newest = (await createConversation(people.newest.id, me.user.id, { snippet: "Just now", lastMessageAt: now, unreadFor: { [me.user.id]: 1 } })).id;
    ids.silent = (await createConversation(me.user.id, people.silent.id)).id;
    // Two other members talking: Mae must never see this one.
    ids.others = (await createConversation(people.early.id, people.late.id, { snippet: "Secret", lastMessageAt: now + HOUR })).id;
  });

  it("answers 401 to visitors", async () => {
    const { status, body } = await list("");
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, error: "Please sign in to continue." });
  });

  it("lists only the member's conversations, newest activity first, silent ones last", async () => {
    const { status, body } = await list("?limit=50", me.cookie);
    expect(status).toBe(200);
    expect(body.data!.nextToken).toBeNull();
    expect(body.data!.items.map((c) => c.conversationId)).toEqual([ids.newest, ids.late, ids.early, ids.silent]);
    expect(body.data!.items.map((c) => c.otherUser.name)).toEqual(["Newest News", "Late Owl", "Early Bird", "Silent Sam"]);
  });

  it("gives each item the spec's fields, the other member, and the viewer's own unread count", async () => {
    const { body } = await list("", me.cookie);
    const early = body.data!.items.find((c) => c.conversationId === ids.early)!;
    expect(early).toEqual({
      conversationId: ids.early,
      userAId: "0000-early",
      userBId: me.user.id,
      unreadCountForUserA: 5,
      unreadCountForUserB: 2,
      lastMessageSnippet: "Morning!",
      lastMessageAt: now - 3 * HOUR,
      otherUser: { userId: "0000-early", name: "Early Bird", profilePicture: "/media/avatars/0000-early/pic.png" },
      unreadCount: 2,
    });
    const late = body.data!.items.find((c) => c.conversationId === ids.late)!;
    expect(late).toMatchObject({ userAId: me.user.id, unreadCountForUserB: 4, unreadCount: 0 });
    const silent = body.data!.items.find((c) => c.conversationId === ids.silent)!;
    expect(silent).toMatchObject({ lastMessageSnippet: null, lastMessageAt: null, unreadCount: 0 });
  });

  it("honours limit across both sides of the pair", async () => {
    const { body } = await list("?limit=2", me.cookie);
    expect(body.data!.items.map((c) => c.conversationId)).toEqual([ids.newest, ids.late]);
  });

  it("refuses a limit outside 1..50", async () => {
    for (const limit of ["0", "51", "ten"]) {
      const { status, body } = await list(`?limit=${limit}`, me.cookie, true);
      expect(status).toBe(400);
      expect(body.success).toBe(false);
    }
  });

  it("a member with no conversations gets an empty list", async () => {
    const loner = await signedInMember();
    const { body } = await list("", loner.cookie);
    expect(body).toEqual({ success: true, data: { items: [], nextToken: null } });
  });

  it("shows the other member's current name after they rename themselves", async () => {
    await db.update(users).set({ name: "Early Riser" }).where(eq(users.id, "0000-early"));
    const { body } = await list("", me.cookie);
    expect(body.data!.items.find((c) => c.conversationId === ids.early)!.otherUser.name).toBe("Early Riser");
  });
});

describe("opening a conversation (/messages/{id})", () => {
  it("is for its two participants only: strangers get the same 404 as for an unknown id", async () => {
    const a = await signedInMember({ name: "Ana Alvarez" });
    const b = await signedInMember({ name: "Ben Brightwater" });
    const stranger = await signedInMember();
    const conversation = await createConversation(a.user.id, b.user.id, { snippet: "for Ben only", lastMessageAt: Date.now() });

    for (const [viewer, other] of [
      [a, "Ben Brightwater"],
      [b, "Ana Alvarez"],
    ] as const) {
      const response = await call(`/messages/${conversation.id}`, { cookie: viewer.cookie });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`<title>${other} — Messages — BookClub</title>`);
    }

    const strangers = await call(`/messages/${conversation.id}`, { cookie: stranger.cookie });
    const unknown = await call(`/messages/${crypto.randomUUID()}`, { cookie: stranger.cookie });
    expect(strangers.status).toBe(404);
    expect(unknown.status).toBe(404);
    const [strangerHtml, unknownHtml] = [await strangers.text(), await unknown.text()];
    expect(strangerHtml).not.toContain("for Ben only");
    expect(strangerHtml).not.toMatch(/Ana Alvarez|Ben Brightwater/);
    // Same page either way (apart from the per-request nonce), so the id's existence does not leak.
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/[0-9a-f-]{36}/g, "");
    expect(strip(strangerHtml)).toBe(strip(unknownHtml));
  });
});
