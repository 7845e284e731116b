import { type NotificationInput, notify } from "@worker/features/notifications/notifications";
import { describe, expect, it } from "vitest";
import { createMember, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { bellOf, withoutProvider } from "./support";

const event = (userId: string, title: string, extra: Partial<NotificationInput> = {}): NotificationInput => ({
  userId,
  type: "loan_requested",
  title,
  link: "/loans?tab=requests",
  dedupeKey: `test:${crypto.randomUUID()}`,
  ...extra,
});

describe("the bell", () => {
  it("shows the member's unread count in its name and badge, and plain 'Notifications' with none", async () => {
    const member = await signedInMember();
    expect((await page("/library", member.cookie)).html).toMatch(/<a aria-label="Notifications"[^>]*href="\/notifications"/);
    for (const title of ["One", "Two", "Three"]) await notify(withoutProvider, [event(member.user.id, title)]);
    const { html } = await page("/library", member.cookie);
    expect(html).toMatch(/<a aria-label="Notifications, 3 unread"[^>]*href="\/notifications"[^>]*>.*?>3<span class="sr-only"> unread<\/span>/);
    // Visitors have no bell.
    expect((await page("/library")).html).not.toContain('aria-label="Notifications');
  });
});

describe("/notifications", () => {
  it("sends visitors to /login and back", async () => {
    const response = await call("/notifications");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fnotifications");
  });

  it("says so when there are none", async () => {
    const member = await signedInMember();
    const { status, html } = await page("/notifications", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<h1");
    expect(html).toContain(">Notifications</h1>");
    expect(html).toContain("You have no notifications yet.");
    expect(html).not.toContain("Mark all as read");
  });

  it("lists the member's own, unread marked, '3 new' for a counted item, relative times; never another member's", async () => {
    const member = await signedInMember({ timezone: "Asia/Tokyo" });
    const other = await createMember();
    const conversation = crypto.randomUUID();
    const message = event(member.user.id, "New messages from Ann", {
      type: "message_received",
      body: "See you at 6",
      link: `/messages/${conversation}`,
      dedupeKey: `dm:${conversation}`,
      accumulate: true,
    });
    await notify(withoutProvider, [message, message, message]);
    await notify(withoutProvider, [event(member.user.id, "Older one")], Date.now() - 2 * 86_400_000);
    await notify(withoutProvider, [event(other.id, "Someone else's")]);
    const { html } = await page("/notifications", member.cookie);
    expect(html).toContain("Unread: </span>New messages from Ann");
    expect(html).toContain(">3 new</span>");
    expect(html).toContain("See you at 6");
    expect(html).toContain("just now");
    expect(html).toContain("Older one");
    expect(html).toContain("Mark all as read");
    expect(html).not.toContain("Someone else&#x27;s");
  });

  it("opening an item marks it read and goes to its link, without JavaScript; another member's item is refused", async () => {
    const member = await signedInMember();
    await notify(withoutProvider, [event(member.user.id, "Open me")]);
    const [item] = await bellOf(member.user.id);
    const opened = await postForm("/notifications", { intent: "open", id: item!.id }, member.cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/loans?tab=requests");
    expect((await bellOf(member.user.id))[0]!.readAt).not.toBeNull();

    const intruder = await signedInMember();
    const refused = await postForm("/notifications", { intent: "open", id: item!.id }, intruder.cookie);
    expect(refused.status).toBe(404);
  });

  it("'Mark all as read' marks them all", async () => {
    const member = await signedInMember();
    for (const title of ["A", "B"]) await notify(withoutProvider, [event(member.user.id, title)]);
    const response = await postForm("/notifications", { intent: "read-all" }, member.cookie);
    expect(response.status).toBe(200);
    expect((await bellOf(member.user.id)).every((item) => item.readAt !== null)).toBe(true);
    expect(await response.text()).toMatch(/<a aria-label="Notifications"[^>]*href="\/notifications"/);
  });

  it("pages back by `before`", async () => {
    const member = await signedInMember();
    const start = Date.now() - 1000;
    for (let i = 0; i < 21; i++) await notify(withoutProvider, [event(member.user.id, `Item ${i}`)], start + i);
    const first = (await page("/notifications", member.cookie)).html;
    expect(first).toContain("Item 20");
    expect(first).not.toContain(">Item 0<");
    const older = /href="(\/notifications\?before=\d+)"/.exec(first)?.[1];
    expect(older).toBeDefined();
    const second = (await page(older!, member.cookie)).html;
    expect(second).toContain("Item 0");
    expect(second).not.toContain("Item 20");
  });
});

describe("/dev/outbox", () => {
  it("sends visitors to /login", async () => {
    const response = await call("/dev/outbox");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdev%2Foutbox");
  });

  it("shows the member's own e-mails with clickable links, never another member's; linked from the settings", async () => {
    const member = await signedInMember({ email: "me@example.com" });
    const other = await createMember({ email: "other@example.com" });
    await notify(withoutProvider, [event(member.user.id, "Mine to read")]);
    await notify(withoutProvider, [event(other.id, "Not yours")]);
    const { status, html } = await page("/dev/outbox", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("E-mail outbox");
    expect(html).toContain("Mine to read");
    expect(html).toContain('<a href="http://localhost:5173/loans?tab=requests"');
    expect(html).toMatch(/<a href="http:\/\/localhost:5173\/unsubscribe\?token=[\w.-]+&amp;lang=en"/);
    expect(html).not.toContain("Not yours");
    expect(html).not.toContain("other@example.com");
    expect((await page("/settings/notifications", member.cookie)).html).toContain("See the e-mails BookClub would have sent you");
  });
});
