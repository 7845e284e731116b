import { type NotificationInput, notify } from "@worker/features/notifications/notifications";
import { describe, expect, it } from "vitest";
import { createMember, signedInMember } from "../helpers/fixtures";
import { api, call, json, SAME_ORIGIN } from "../helpers/http";
import { withoutProvider } from "./support";

type Item = { notificationId: string; title: string; readAt: number | null; updatedAt: number; count: number };
type Page = { items: Item[]; nextToken: number | null };

const event = (userId: string, title: string): NotificationInput => ({
  userId,
  type: "loan_requested",
  title,
  link: "/loans?tab=requests",
  dedupeKey: `test:${crypto.randomUUID()}`,
});

/** A member with `n` notifications, one per millisecond apart so their order is known (newest last created). */
async function memberWith(n: number) {
  const member = await signedInMember();
  const start = Date.now() - n;
  for (let i = 0; i < n; i++) await notify(withoutProvider, [event(member.user.id, `Event ${i}`)], start + i);
  return member;
}

describe("the notifications API", () => {
  it("is for members only: visitors get 401 on every call", async () => {
    for (const [path, method, body] of [
      ["", "GET"],
      ["/unread-count", "GET"],
      ["/read", "POST", { all: true }],
    ] as const) {
      const answer = await api(`/notifications${path}`, null, { method, json: body, auth: "bearer" });
      expect(answer, path).toEqual({ status: 401, body: { success: false, error: "Please sign in to continue." } });
    }
  });

  it("lists only the member's own, newest first, paged by `before`", async () => {
    const member = await memberWith(25);
    const other = await memberWith(3);
    const first = await api<Page>("/notifications?limit=20", member, { auth: "bearer" });
    expect(first.status).toBe(200);
    expect(first.body.data!.items.map((item) => item.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Event ${24 - i}`));
    const second = await api<Page>(`/notifications?limit=20&before=${first.body.data!.nextToken}`, member, { auth: "bearer" });
    expect(second.body.data!.items.map((item) => item.title)).toEqual(["Event 4", "Event 3", "Event 2", "Event 1", "Event 0"]);
    expect(second.body.data!.nextToken).toBeNull();
    expect((await api<Page>("/notifications", other, { auth: "bearer" })).body.data!.items).toHaveLength(3);
  });

  it("counts and marks read: some by id, then all; another member's ids change nothing", async () => {
    const member = await memberWith(3);
    const other = await memberWith(2);
    expect((await api<{ unread: number }>("/notifications/unread-count", member, { auth: "bearer" })).body.data).toEqual({ unread: 3 });
    const [newest] = (await api<Page>("/notifications", member, { auth: "bearer" })).body.data!.items;
    const othersItems = (await api<Page>("/notifications", other, { auth: "bearer" })).body.data!.items;

    expect(
      (
        await api("/notifications/read", member, {
          auth: "bearer",
          method: "POST",
          json: { ids: [newest!.notificationId, ...othersItems.map((item) => item.notificationId)] },
        })
      ).body.data,
    ).toEqual({ unread: 2 });
    expect((await api<{ unread: number }>("/notifications/unread-count", other, { auth: "bearer" })).body.data).toEqual({ unread: 2 });
    expect((await api("/notifications/read", member, { auth: "bearer", method: "POST", json: { all: true } })).body.data).toEqual({ unread: 0 });
    expect((await api<Page>("/notifications", member, { auth: "bearer" })).body.data!.items.every((item) => item.readAt !== null)).toBe(true);
    expect((await api<{ unread: number }>("/notifications/unread-count", other, { auth: "bearer" })).body.data).toEqual({ unread: 2 });
  });

  it("refuses bad input with 400", async () => {
    const member = await signedInMember();
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ["a"], all: true }, { ids: "x" }]) {
      expect((await api("/notifications/read", member, { auth: "bearer", method: "POST", json: body, invalid: true })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api("/notifications?limit=0", member, { auth: "bearer", invalid: true })).status).toBe(400);
    expect((await api("/notifications?before=abc", member, { auth: "bearer", invalid: true })).status).toBe(400);
  });

  it("with a cookie, marking read needs a same-origin request", async () => {
    const member = await signedInMember();
    await notify(withoutProvider, [event(member.user.id, "One")]);
    const cross = await call("/api/notifications/read", {
      method: "POST",
      cookie: member.cookie,
      headers: { Origin: "https://evil.example" },
      json: { all: true },
    });
    expect(cross.status).toBe(403);
    const same = await call("/api/notifications/read", { method: "POST", cookie: member.cookie, headers: SAME_ORIGIN, json: { all: true } });
    expect(await json(same)).toEqual({ success: true, data: { unread: 0 } });
  });

  it("never shows one member's notifications to another", async () => {
    const owner = await createMember();
    await notify(withoutProvider, [event(owner.id, "Private to owner")]);
    const snoop = await signedInMember();
    expect((await api<Page>("/notifications", snoop, { auth: "bearer" })).body.data!.items).toEqual([]);
  });
});
