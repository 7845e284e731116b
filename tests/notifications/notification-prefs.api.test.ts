import { NOTIFICATION_KEYS, notificationPreferences } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "../account/member-support";
import { db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";

type Settings = { emailOptIn: boolean; prefs: Record<string, boolean> };
const ALL_ON = Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, true]));

/** The master switch and the topics (the grid's cells: channel-grid.api.test.ts). */
const get = async (token: string): Promise<Settings> => {
  const { emailOptIn, prefs } = (await json<Envelope<Settings>>(await call("/api/users/me/notifications", { headers: bearer(token) }))).data!;
  return { emailOptIn, prefs };
};
const put = (token: string, body: unknown, invalid = false) =>
  call("/api/users/me/notifications", { method: "PUT", headers: bearer(token), json: body, invalid });

describe("notification preferences", () => {
  it("are all on by default, without writing a row", async () => {
    const member = await signedInMember();
    expect(await get(member.token)).toEqual({ emailOptIn: true, prefs: ALL_ON });
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.user.id))).toEqual([]);
  });

  it("persist what is sent and keep the rest", async () => {
    const member = await signedInMember();
    const first = await put(member.token, { prefs: { dm_message_received: false, club_announcement: false } });
    expect(first.status).toBe(200);
    expect((await json<Envelope<Settings>>(first)).data).toMatchObject({
      emailOptIn: true,
      prefs: { ...ALL_ON, dm_message_received: false, club_announcement: false },
    });
    await put(member.token, { prefs: { club_announcement: true } });
    expect(await get(member.token)).toEqual({ emailOptIn: true, prefs: { ...ALL_ON, dm_message_received: false } });
  });

  it("turning the master switch off keeps the six values", async () => {
    const member = await signedInMember();
    await put(member.token, { prefs: { reminder_due_date: false } });
    await put(member.token, { emailOptIn: false });
    expect(await get(member.token)).toEqual({ emailOptIn: false, prefs: { ...ALL_ON, reminder_due_date: false } });
    await put(member.token, { emailOptIn: true, prefs: { ...ALL_ON } });
    expect(await get(member.token)).toEqual({ emailOptIn: true, prefs: ALL_ON });
  });

  it("accept the full spec payload", async () => {
    const member = await signedInMember();
    const prefs = Object.fromEntries(NOTIFICATION_KEYS.map((key, i) => [key, i % 2 === 0]));
    const response = await put(member.token, { emailOptIn: false, prefs });
    expect((await json<Envelope<Settings>>(response)).data).toMatchObject({ emailOptIn: false, prefs });
    expect(await get(member.token)).toEqual({ emailOptIn: false, prefs });
  });

  it("refuse unknown keys, non-booleans and empty updates with a 400 envelope, changing nothing", async () => {
    const member = await signedInMember();
    const bad: unknown[] = [
      {},
      { prefs: { weekly_digest: true } },
      { prefs: { dm_message_received: "false" } },
      { emailOptIn: "yes" },
      { emailOptIn: true, extra: 1 },
      { prefs: [true] },
      null,
    ];
    for (const body of bad) {
      const response = await put(member.token, body, true);
      expect(response.status).toBe(400);
      expect((await json<Envelope>(response)).success).toBe(false);
    }
    expect(await get(member.token)).toEqual({ emailOptIn: true, prefs: ALL_ON });
  });

  it("two switches saved at the same time both stick", async () => {
    const member = await signedInMember();
    await Promise.all([put(member.token, { prefs: { comment_on_your_book: false } }), put(member.token, { prefs: { new_member_in_your_club: false } })]);
    expect(await get(member.token)).toEqual({
      emailOptIn: true,
      prefs: { ...ALL_ON, comment_on_your_book: false, new_member_in_your_club: false },
    });
  });
});
