import { env } from "cloudflare:workers";
import { clubMeetings, meetingRsvps } from "@worker/db/schema";
import { listMeetings } from "@worker/features/club-meetings/meetings";
import { upcomingMeetingsSummary } from "@worker/features/club-meetings/meetings-page";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createMember, db } from "../helpers/fixtures";
import { countRowsRead, plan, sessionUserOf } from "../helpers/rows-read";

type Member = Awaited<ReturnType<typeof createMember>>;

const UPCOMING = 20;
const DAY = 86_400_000;

/**
 * The bench's club page (scripts/bench/seed-bench.ts): 20 upcoming meetings a day apart, the first five answered by
 * ten members, ten past meetings with answers, and meetings of other clubs in the same index.
 */
describe("the club's upcoming meetings with their answers: one indexed query, rows read within twice the rows shown", () => {
  let reader: Member;
  let clubId: string;

  beforeAll(async () => {
    const creator = await createMember({ name: "Cleo Creator" });
    reader = await createMember({ name: "Rin Reader" });
    const club = await createClub(creator.id, { name: "Meeters" });
    clubId = club.id;
    await addMember(clubId, reader.id);
    const members: Member[] = [];
    for (let i = 0; i < 10; i++) {
      members.push(await createMember({ name: `Member ${i}` }));
      await addMember(clubId, members[i]!.id);
    }
    const other = await createClub(creator.id, { name: "Elsewhere" });
    const now = Date.now();
    const meeting = (club: string, startsAt: number) => ({
      id: crypto.randomUUID(),
      clubId: club,
      startsAt,
      place: "Library",
      createdBy: creator.id,
      createdAt: now,
    });
    const upcoming = Array.from({ length: UPCOMING }, (_, i) => meeting(clubId, now + (i + 1) * DAY));
    const past = Array.from({ length: 10 }, (_, i) => meeting(clubId, now - (i + 1) * DAY));
    const others = Array.from({ length: 20 }, (_, i) => meeting(other.id, now + (i + 1) * DAY));
    for (const rows of [upcoming, past, others]) for (let i = 0; i < rows.length; i += 10) await db.insert(clubMeetings).values(rows.slice(i, i + 10));
    const answers = ["going", "maybe", "not_going"] as const;
    const rsvps = [...upcoming.slice(0, 5), ...past.slice(0, 5)].flatMap((row) =>
      members.map((member, i) => ({ meetingId: row.id, userId: member.id, answer: answers[i % 3]!, updatedAt: now })),
    );
    for (let i = 0; i < rsvps.length; i += 20) await db.insert(meetingRsvps).values(rsvps.slice(i, i + 20));
  });

  it("20 upcoming meetings and their 50 answers read at most twice the rows shown", async () => {
    const { result, rowsRead, statements } = await countRowsRead(sessionUserOf(reader), (ctx) => listMeetings(ctx, clubId, { when: "upcoming", limit: 20 }));
    expect(result.items).toHaveLength(UPCOMING);
    const attendees = result.items.reduce((sum, item) => sum + (item.attendees?.length ?? 0), 0);
    expect(attendees).toBe(50);
    expect(result.items[0]!.counts).toEqual({ going: 4, maybe: 3, notGoing: 3 });
    const shown = result.items.length + attendees;
    console.info(`club's upcoming meetings: ${rowsRead} rows read in ${statements} statements for ${shown} rows shown`);
    // The club and the viewer's place in it, then the meetings with their answers in one statement.
    expect(statements).toBeLessThanOrEqual(2);
    expect(rowsRead).toBeLessThanOrEqual(2 * shown + 10);
  });

  it("the club page's next three read about twice the rows they show, and the next meeting's (whether there are more)", async () => {
    const { result, rowsRead } = await countRowsRead(sessionUserOf(reader), (ctx) => upcomingMeetingsSummary(ctx, clubId));
    expect(result.items).toHaveLength(3);
    const shown = result.items.length + result.items.reduce((sum, item) => sum + (item.attendees?.length ?? 0), 0);
    console.info(`club page's next meetings: ${rowsRead} rows read for ${shown} rows shown`);
    // The fourth meeting is read, with its 10 answers, to know there are more.
    expect(rowsRead).toBeLessThanOrEqual(2 * (shown + 11) + 10);
  });

  it("past meetings read only their own page too", async () => {
    const { result, rowsRead } = await countRowsRead(sessionUserOf(reader), (ctx) => listMeetings(ctx, clubId, { when: "past", limit: 5 }));
    expect(result.items).toHaveLength(5);
    const shown = result.items.length + result.items.reduce((sum, item) => sum + (item.attendees?.length ?? 0), 0);
    expect(rowsRead).toBeLessThanOrEqual(2 * shown + 10);
  });

  it("an index serves the meetings' statement: no scan of meetings, answers or members", async () => {
    const { meetingsStatement } = await import("@worker/features/club-meetings/meetings");
    const details = (await plan(meetingsStatement({ db, env, user: sessionUserOf(reader) }, clubId, { when: "upcoming", limit: 20 }, Date.now()))).join("\n");
    expect(details).toMatch(/club_meetings_club_starts_id_idx/);
    expect(details).not.toMatch(/SCAN (club_meetings|meeting_rsvps|users|memberships)\b/);
  });
});
