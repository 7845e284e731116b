import { clubMeetings, pollBallots } from "@worker/db/schema";
import type { PollPage, PollView } from "@worker/features/club-polls";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";
import { bellOf } from "../notifications/support";
import { pollApi } from "./support";

/** What a reader sees of a page: its markup without the scripts (which carry the loader's data and the catalogue). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

/** 12 Dec of next year, 19:00 in Lisbon (WET, UTC+0 in December) and 20:00 in Madrid (CET). */
const year = new Date().getUTCFullYear() + 1;
const LISBON_SLOT = Date.UTC(year, 11, 12, 19, 0);
const MADRID_SLOT = Date.UTC(year, 11, 12, 19, 0);

async function closedDatePoll(timezone: string, slot: number) {
  const admin = await signedInMember({ name: "Ana Admin", language: "es" });
  const member = await signedInMember({ name: "Mo Member", language: "de" });
  const reader = await signedInMember({ name: "Rosa Reader", language: "es" });
  const club = await createClub(admin.user.id, { name: "Fechas", timezone, location: "Alfama" });
  await addMember(club.id, member.user.id);
  await addMember(club.id, reader.user.id);
  const opened = await pollApi<PollView>("POST", club.id, "", admin, {
    kind: "date",
    question: "¿Cuándo nos vemos?",
    options: [{ startsAt: slot }, { startsAt: slot + 86_400_000 }],
  });
  expect(opened.status).toBe(201);
  const { pollId, options } = opened.body.data!;
  await db.insert(pollBallots).values([
    { pollId, userId: admin.user.id, choices: [options[0]!.optionId], updatedAt: Date.now() },
    { pollId, userId: member.user.id, choices: [options[0]!.optionId, options[1]!.optionId], updatedAt: Date.now() },
  ]);
  const closed = await pollApi<PollView>("POST", club.id, `/${pollId}/close`, admin);
  expect(closed.status).toBe(200);
  return { admin, member, reader, clubId: club.id, pollId };
}

describe("A closed date poll's result", () => {
  it("is a date written in each member's language on the club's clock: in the bell, the poll list and the club page, never a raw timestamp", async () => {
    const { admin, member, reader, clubId, pollId } = await closedDatePoll("Europe/Madrid", MADRID_SLOT);
    // The admin who closed it is not told what they did.
    expect((await bellOf(admin.user.id)).filter((item) => item.type === "club_poll_closed")).toEqual([]);
    const [spanish] = (await bellOf(reader.user.id)).filter((item) => item.type === "club_poll_closed");
    expect(spanish!.body).toBe(`El resultado: 12 dic ${year}, 20:00`);
    expect(spanish!.body).not.toContain("T19:00:00.000Z");
    const [german] = (await bellOf(member.user.id)).filter((item) => item.type === "club_poll_closed");
    expect(german!.body).toContain(`12. Dez. ${year}, 20:00`);

    const list = await pollApi<PollPage>("GET", clubId, "", admin);
    expect(list.body.data!.timeZone).toBe("Europe/Madrid");
    expect(list.body.data!.items.find((poll) => poll.pollId === pollId)).toMatchObject({ winnerStartsAt: MADRID_SLOT });

    // The club page's Polls section, in Spanish: the winner as a date, no ISO text anywhere.
    const clubPage = await page(`/clubs/${clubId}`, admin.cookie);
    expect(shown(clubPage.html)).toContain(`12 dic ${year}, 20:00`);
    expect(shown(clubPage.html)).not.toContain(new Date(MADRID_SLOT).toISOString());
    const pollPage = await page(`/clubs/${clubId}/polls/${pollId}`, admin.cookie);
    expect(shown(pollPage.html)).not.toContain(new Date(MADRID_SLOT).toISOString());
    expect(shown(pollPage.html)).toContain(`Ganador: 12 dic ${year}, 20:00`);
  });
});

describe("Schedule this meeting", () => {
  it("turns the winning slot into a meeting on the club's clock, once, for its admins only", async () => {
    const { admin, member, clubId, pollId } = await closedDatePoll("Europe/Lisbon", LISBON_SLOT);
    expect((await pollApi("POST", clubId, `/${pollId}/meeting`, member, {})).status).toBe(403);
    const made = await pollApi<{ meetingId: string; startsAt: number; localDate: string; localTime: string; place: string }>(
      "POST",
      clubId,
      `/${pollId}/meeting`,
      admin,
      {},
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ startsAt: LISBON_SLOT, localDate: `${year}-12-12`, localTime: "19:00", place: "Alfama" });
    const rows = await db.select().from(clubMeetings).where(eq(clubMeetings.clubId, clubId));
    expect(rows).toHaveLength(1);
    // Once: the poll says so, and a second try is refused.
    expect((await pollApi<PollView>("GET", clubId, `/${pollId}`, member)).body.data!.scheduled).toBe(true);
    const again = await pollApi("POST", clubId, `/${pollId}/meeting`, admin, {});
    expect(again).toMatchObject({ status: 409, body: { success: false, error: "Ya hay una reunión programada a esta hora." } });
  });

  it("is refused for an open poll, a book poll, and an outsider of a private club", async () => {
    const admin = await signedInMember();
    const outsider = await signedInMember();
    const club = await createClub(admin.user.id, { isPrivate: true, timezone: "Europe/Lisbon" });
    const open = await pollApi<PollView>("POST", club.id, "", admin, {
      kind: "date",
      question: "When?",
      options: [{ startsAt: LISBON_SLOT }, { startsAt: LISBON_SLOT + 3_600_000 }],
    });
    expect((await pollApi("POST", club.id, `/${open.body.data!.pollId}/meeting`, admin, {})).body).toEqual({
      success: false,
      error: "The poll is still open.",
    });
    const book = await pollApi<PollView>("POST", club.id, "", admin, { kind: "book", question: "What?", options: [{ label: "Emma" }, { label: "Dune" }] });
    await pollApi("POST", club.id, `/${book.body.data!.pollId}/close`, admin);
    expect((await pollApi("POST", club.id, `/${book.body.data!.pollId}/meeting`, admin, {})).status).toBe(400);
    expect((await pollApi("POST", club.id, `/${open.body.data!.pollId}/meeting`, outsider, {})).status).toBe(404);
  });

  it("works as a plain form on the poll page and lands on the club page with the meeting", async () => {
    const { admin, clubId, pollId } = await closedDatePoll("Europe/Lisbon", LISBON_SLOT);
    const before = await page(`/clubs/${clubId}/polls/${pollId}`, admin.cookie);
    expect(shown(before.html)).toContain("Programar esta reunión");
    const answer = await postForm(`/clubs/${clubId}/polls/${pollId}`, { intent: "schedule" }, admin.cookie);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/clubs/${clubId}#upcoming-meetings-heading`);
    const after = await page(`/clubs/${clubId}/polls/${pollId}`, admin.cookie);
    expect(shown(after.html)).not.toContain("Programar esta reunión");
    expect(shown(after.html)).toContain("Esta reunión está programada.");
  });
});
