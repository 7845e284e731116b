import { nextJobRun } from "@worker/core/jobs/schedule";
import { type NotificationInput, notify } from "@worker/features/notifications";
import { mailJob } from "@worker/features/notifications/email-outbox";
import { flushMemberMail } from "@worker/features/notifications/member-mail";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pollApi } from "../club-polls/support";
import { roomJson } from "../club-room/support";
import { addMember, createClub } from "../clubs/support";
import { createMember, signedInMember } from "../helpers/fixtures";
import * as recorded from "./fixtures/resend";
import { outboxOf, resendAnswers, resendEnv, withResend } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY = 86_400_000;

describe("club mail: at most one e-mail per member, club and day; the rest in a digest", () => {
  it("3 announcements and 2 new polls (through the API) make one e-mail at once and one digest of the other 4 for the next day", async () => {
    const admin = await signedInMember({ name: "Ada Admin" });
    const member = await signedInMember({ name: "Ben Member" });
    const club = await createClub(admin.user.id, { name: "Night Readers" });
    await addMember(club.id, member.user.id);
    for (const content of ["Friday at 7", "Bring snacks", "Room moved"]) {
      expect((await roomJson("POST", `/${club.id}/room/announcements`, admin, { content })).status).toBe(201);
      // Each waits for its e-mails: the order of the day is the order they were posted.
      await vi.waitFor(async () => expect((await outboxOf(member.user.id)).length).toBeGreaterThan(0));
    }
    for (const question of ["Snacks?", "Next book?"]) {
      expect((await pollApi("POST", club.id, "", admin, { kind: "choice", question, options: [{ label: "A" }, { label: "B" }] })).status).toBe(201);
    }
    const mail = await vi.waitFor(async () => {
      const rows = await outboxOf(member.user.id);
      expect(rows.find((row) => row.batchKey?.startsWith("club-digest:"))?.count).toBe(4);
      return rows;
    });
    expect(mail).toHaveLength(2);
    const [first, digest] = [mail.find((row) => !row.batchKey)!, mail.find((row) => row.batchKey)!];
    expect(first.subject).toBe("Announcement in Night Readers");
    expect(first.text).toContain("Friday at 7");
    expect(digest.subject).toBe("4 more updates from Night Readers");
    for (const text of ["Bring snacks", "Room moved", "Snacks?", "Next book?"]) expect(digest.text).toContain(text);
    expect(digest.text).not.toContain("Friday at 7");
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    expect(digest.sendAfter).toBe(today + DAY);
  });

  it("the mail job sends the first at once and the digest when the next UTC day begins, in the member's language", async () => {
    const now = Date.parse("2031-05-06T09:00:00Z");
    const member = await createMember({ language: "de" });
    const clubId = crypto.randomUUID();
    const event = (n: number): NotificationInput => ({
      userId: member.id,
      type: n % 2 ? "club_poll_opened" : "club_announcement",
      title: `Item ${n}`,
      body: `Body ${n}`,
      link: `/clubs/${clubId}/room`,
      dedupeKey: `test:${crypto.randomUUID()}`,
      clubMail: { clubId, clubName: "Lesekreis" },
    });
    for (let n = 1; n <= 5; n++) await notify(withResend, [event(n)], now + n * 60_000);

    const fetch = resendAnswers(recorded.sent);
    expect(await nextJobRun(resendEnv, mailJob(member.id))).toBe(now + 60_000);
    const nextDay = Date.parse("2031-05-07T00:00:00Z");
    expect(await flushMemberMail(withResend, member.id, now + 10 * 60_000)).toBe(nextDay);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await flushMemberMail(withResend, member.id, nextDay)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
    const sent = fetch.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as { subject: string; text: string });
    expect(sent[0]!.subject).toBe("Item 1");
    expect(sent[1]!.subject).toBe("4 weitere Neuigkeiten aus Lesekreis");
    for (const n of [2, 3, 4, 5]) expect(sent[1]!.text).toContain(`Item ${n}\nBody ${n}`);
    expect(sent[1]!.text).toContain("der Rest kommt gesammelt am nächsten Tag");

    // The next day starts afresh: its first club e-mail goes at once.
    await notify(withResend, [event(6)], nextDay + 3_600_000);
    expect((await outboxOf(member.id)).filter((row) => row.state === "pending").map((row) => row.subject)).toEqual(["Item 6"]);
  });
});
