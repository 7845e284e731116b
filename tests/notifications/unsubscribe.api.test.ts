import { env } from "cloudflare:workers";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { notificationPreferences } from "@worker/db/schema";
import { getNotificationSettings } from "@worker/features/notifications/notification-prefs";
import { createUnsubscribeToken, verifyUnsubscribeToken } from "@worker/features/notifications/unsubscribe-tokens";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, ORIGIN } from "../helpers/http";

const INVALID = "This unsubscribe link is not valid.";

async function settingsOf(userId: string) {
  return getNotificationSettings({ db, env, user: { id: userId } as never });
}

/** The token with its payload replaced (JSON edited) but the original signature kept. */
function withPayload(token: string, edit: (payload: Record<string, unknown>) => Record<string, unknown>) {
  const [payload, signature] = token.split(".");
  const decoded = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(payload!))) as Record<string, unknown>;
  return `${encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(edit(decoded))))}.${signature}`;
}

describe("unsubscribe tokens", () => {
  it("carry the member and the preference, and verify", async () => {
    const token = await createUnsubscribeToken(env, { userId: "member-a", preference: "dm_message_received" });
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(await verifyUnsubscribeToken(env, token)).toEqual({ userId: "member-a", preference: "dm_message_received" });
  });

  it("refuse a forged or damaged signature", async () => {
    const token = await createUnsubscribeToken(env, { userId: "member-a", preference: "reminder_due_date" });
    const [payload, signature] = token.split(".");
    const flipped = signature!.startsWith("A") ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    for (const forged of [
      `${payload}.${flipped}`,
      `${payload}.${signature!.slice(0, -2)}`,
      `${payload}.`,
      payload!,
      `${token}.extra`,
      "",
      "not a token",
      `${payload}.!!!`,
    ]) {
      expect(await verifyUnsubscribeToken(env, forged), forged).toBeNull();
    }
  });

  it("signed with another secret, are refused", async () => {
    const token = await createUnsubscribeToken({ ...env, EMAIL_TOKEN_SECRET: "someone-elses-secret" } as Env, { userId: "member-a", preference: "emailOptIn" });
    expect(await verifyUnsubscribeToken(env, token)).toBeNull();
  });

  it("cannot be turned into another member's or another preference's: the edited payload no longer matches the signature", async () => {
    const token = await createUnsubscribeToken(env, { userId: "member-a", preference: "dm_message_received" });
    expect(
      await verifyUnsubscribeToken(
        env,
        withPayload(token, (p) => ({ ...p, u: "member-b" })),
      ),
    ).toBeNull();
    expect(
      await verifyUnsubscribeToken(
        env,
        withPayload(token, (p) => ({ ...p, p: "emailOptIn" })),
      ),
    ).toBeNull();
  });

  it("naming no known preference are refused even when genuinely signed", async () => {
    // Only reachable with the secret: the check behind the signature still holds.
    const token = await createUnsubscribeToken(env, { userId: "member-a", preference: "not_a_preference" as never });
    expect(await verifyUnsubscribeToken(env, token)).toBeNull();
  });
});

describe("/unsubscribe", () => {
  it("asks first on GET (a mail scanner opening the link changes nothing), with the topic and the masked address", async () => {
    const member = await createMember({ email: "ann.reader@example.com" });
    const token = await createUnsubscribeToken(env, { userId: member.id, preference: "reminder_due_date" });
    const response = await call(`/unsubscribe?token=${token}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Turn off due date reminder e-mails for a***@example.com?");
    // The button posts back to the link itself (and works without JavaScript).
    expect(html).toMatch(new RegExp(`<form [^>]*action="/unsubscribe\\?token=${token}" method="post"`));
    expect((await settingsOf(member.id)).channels.reminder_due_date.email).toBe(true);
  });

  it("turns that topic's e-mails off on POST without a session, and only them (its bell and pushes stay); a second POST changes nothing more", async () => {
    const member = await createMember({ email: "bo@example.com" });
    const token = await createUnsubscribeToken(env, { userId: member.id, preference: "dm_message_received" });
    for (let i = 0; i < 2; i++) {
      const response = await call(`/unsubscribe?token=${token}`, { method: "POST", headers: SAME_ORIGIN, body: new URLSearchParams() });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("You&#x27;re unsubscribed. b***@example.com will no longer get direct message e-mails.");
      expect(html).toContain('href="/settings/notifications"');
    }
    const settings = await settingsOf(member.id);
    expect(settings.channels.dm_message_received).toEqual({ bell: true, email: false, push: true });
    expect(settings.prefs).toMatchObject({ reminder_due_date: true, new_member_in_your_club: true });
    expect(settings.channels.reminder_due_date.email).toBe(true);
    expect(settings.emailOptIn).toBe(true);
  });

  it("turns the master switch off for events with no preference of their own", async () => {
    const member = await createMember({ email: "cy@example.com" });
    const token = await createUnsubscribeToken(env, { userId: member.id, preference: "emailOptIn" });
    const response = await call(`/unsubscribe?token=${token}`, { method: "POST", headers: SAME_ORIGIN, body: new URLSearchParams() });
    expect(await response.text()).toContain("You&#x27;re unsubscribed. BookClub will no longer e-mail c***@example.com.");
    expect((await settingsOf(member.id)).emailOptIn).toBe(false);
  });

  it("takes a mail provider's RFC 8058 one-click POST (from its servers: no Origin, no session)", async () => {
    const member = await createMember();
    const token = await createUnsubscribeToken(env, { userId: member.id, preference: "new_member_in_your_club" });
    const response = await call(`/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("You&#x27;re unsubscribed.");
    expect((await settingsOf(member.id)).channels.new_member_in_your_club.email).toBe(false);
  });

  it("takes a one-click POST from another site's page too, with or without our cookie riding along", async () => {
    const [anonymous, signedIn] = [await createMember(), await signedInMember()];
    for (const [member, cookie] of [
      [anonymous, undefined],
      [signedIn.user, signedIn.cookie],
    ] as const) {
      const token = await createUnsubscribeToken(env, { userId: member.id, preference: "new_member_in_your_club" });
      const response = await call(`/unsubscribe?token=${token}`, {
        method: "POST",
        cookie,
        headers: { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("You're unsubscribed.");
      expect((await settingsOf(member.id)).channels.new_member_in_your_club.email).toBe(false);
    }
    // A forged token from another site is refused the same way as at home.
    const forged = await call("/unsubscribe?token=abc.def", {
      method: "POST",
      headers: { Origin: "https://mail.example.net" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe(INVALID);
  });

  it("does not weaken the cross-site check anywhere else: a cross-site cookie POST to the settings is still refused", async () => {
    const member = await signedInMember();
    const response = await call("/settings/notifications", {
      method: "POST",
      cookie: member.cookie,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams({ intent: "emailOptIn=off" }),
    });
    expect(response.status).toBe(403);
    expect((await settingsOf(member.user.id)).emailOptIn).toBe(true);
    // The same member, same-origin, is fine.
    const same = await call("/settings/notifications", {
      method: "POST",
      cookie: member.cookie,
      headers: SAME_ORIGIN,
      body: new URLSearchParams({ intent: "emailOptIn=off" }),
    });
    expect(same.status).toBe(200);
  });

  it("answers a forged, edited or missing token with 400 'This unsubscribe link is not valid.' and changes nothing", async () => {
    const [a, b] = [await createMember(), await createMember()];
    const token = await createUnsubscribeToken(env, { userId: a.id, preference: "dm_message_received" });
    const forB = withPayload(token, (p) => ({ ...p, u: b.id }));
    for (const path of [`/unsubscribe?token=${forB}`, "/unsubscribe?token=abc.def", "/unsubscribe"]) {
      const page = await call(path);
      expect(page.status, path).toBe(400);
      expect(await page.text()).toContain(INVALID);
      const post = await call(path, { method: "POST", headers: { Origin: ORIGIN }, body: new URLSearchParams() });
      expect(post.status, path).toBe(400);
      expect(await post.text()).toContain(INVALID);
    }
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, b.id))).toEqual([]);
    expect((await settingsOf(a.id)).channels.dm_message_received.email).toBe(true);
  });

  it("refuses a genuine token for a member who no longer exists", async () => {
    const token = await createUnsubscribeToken(env, { userId: "gone-member", preference: "emailOptIn" });
    expect((await call(`/unsubscribe?token=${token}`)).status).toBe(400);
    expect(
      (
        await call(`/unsubscribe?token=${token}`, {
          method: "POST",
          body: "List-Unsubscribe=One-Click",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(400);
  });
});
