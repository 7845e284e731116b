import { dayIn } from "@worker/core/shared/calendar";
import { clubs } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { addMember, addPendingRequest, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { api, type Caller, call } from "../helpers/http";

export type Signed = Awaited<ReturnType<typeof signedInMember>>;

/** A meetings API call (`path` follows /api/clubs), as a member by Bearer or a visitor (null); `invalid` for input sent to be refused. */
export function meetingApi<T = unknown>(method: string, path: string, caller: Caller, body?: unknown, options: { invalid?: boolean } = {}) {
  return api<T>(`/clubs${path}`, caller, { method, json: body, auth: "bearer", invalid: options.invalid });
}

/** A raw GET (the .ics answers are not JSON), by Bearer. */
export function getRaw(path: string, caller: { token?: string } | null) {
  return call(path, { headers: caller?.token ? { Authorization: `Bearer ${caller.token}` } : {} });
}

/** The date `days` ahead in `zone`, for a form's date field. */
export const dayAhead = (days: number, zone = "UTC") => dayIn(zone, Date.now() + days * 86_400_000);

export interface MeetingView {
  meetingId: string;
  startsAt: number;
  sequence: number;
  cancelled: boolean;
  counts: { going: number; maybe: number; notGoing: number };
  myAnswer: string | null;
  attendees: { userId: string; name: string; answer: string }[] | null;
  localDate: string;
  localTime: string;
  timeZone: string;
}

/**
 * A club with one of each caller: its creator, an admin, a member, someone who asked to join and
 * waits, someone from outside, and a member the creator removed (through the API, as it happens).
 */
export async function meetingScene(options: { isPrivate?: boolean; timezone?: string } = {}) {
  const creator = await signedInMember({ name: "Cora Creator" });
  const club = await createClub(creator.user.id, { name: "Meeting Club", isPrivate: options.isPrivate ?? false, timezone: options.timezone ?? "UTC" });
  const [admin, member, pending, outsider, removed] = [
    await signedInMember({ name: "Ada Admin" }),
    await signedInMember({ name: "Mo Member" }),
    await signedInMember({ name: "Pat Pending" }),
    await signedInMember({ name: "Oz Outsider" }),
    await signedInMember({ name: "Rae Removed" }),
  ];
  await addMember(club.id, admin.user.id, "active", "admin");
  await addMember(club.id, member.user.id);
  await addMember(club.id, removed.user.id);
  await addPendingRequest(club.id, pending.user.id);
  const removal = await api(`/clubs/${club.id}/members/${removed.user.id}`, creator, { method: "DELETE", auth: "bearer" });
  if (removal.status !== 200) throw new Error(`Removing a member answered ${removal.status}`);
  return { club, creator, admin, member, pending, outsider, removed };
}

export async function scheduleAs(caller: Signed, clubId: string, overrides: Record<string, unknown> = {}) {
  const [row] = await db.select({ timezone: clubs.timezone }).from(clubs).where(eq(clubs.id, clubId));
  const answer = await meetingApi<MeetingView>("POST", `/${clubId}/meetings`, caller, {
    date: dayAhead(7, row!.timezone),
    time: "19:00",
    place: "The Library, Room 2",
    note: "Bring the book",
    ...overrides,
  });
  if (answer.status !== 201) throw new Error(`Scheduling answered ${answer.status}: ${answer.body.error}`);
  return answer.body.data!;
}
