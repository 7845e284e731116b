import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { clubs, memberships, users } from "@worker/db/schema";
import { type NotificationInput, notify } from "@worker/features/notifications";
import { and, eq } from "drizzle-orm";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** A member asked to join a private club (a new request, not the same one asked again). */
    "club.join_requested": { clubId: string; memberId: string; at: number };
    /** An admin approved the member's request: they are an active member now. */
    "club.join_approved": { clubId: string; memberId: string; approvedBy: string; at: number };
    /** The member joined by themselves (an open club, an invite code). */
    "club.member_joined": { clubId: string; memberId: string; at: number };
  }
}

/** The club's admins hear of a new request to join. */
export function tellAdminsOfJoinRequest(deps: Deps, event: EventOf<"club.join_requested">): Promise<void> {
  return notifyClubEvent(deps, event.clubId, { kind: "join_request", memberId: event.memberId, requestedAt: event.at });
}

/** The member hears they were approved, and the other admins that they joined. */
export function tellOfApproval(deps: Deps, event: EventOf<"club.join_approved">): Promise<void> {
  return notifyClubEvent(deps, event.clubId, { kind: "approved", memberId: event.memberId, approvedBy: event.approvedBy, at: event.at });
}

/** The club's admins hear that a member joined. */
export function tellAdminsOfNewMember(deps: Deps, event: EventOf<"club.member_joined">): Promise<void> {
  return notifyClubEvent(deps, event.clubId, { kind: "joined", memberId: event.memberId, at: event.at });
}

/** What happened in a club that its admins or the member should hear about. */
export type ClubEvent =
  /** A member asked to join a private club: its admins decide. */
  | { kind: "join_request"; memberId: string; requestedAt: number }
  /** An admin approved the member's request: the member, and the other admins. */
  | { kind: "approved"; memberId: string; approvedBy: string; at: number }
  /** The member joined by themselves (an open club, an invite code): the admins. */
  | { kind: "joined"; memberId: string; at: number };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day of a moment, as YYYY-MM-DD. */
const utcDay = (at: number) => new Date(Math.floor(at / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/**
 * Tells the club's admins (and, on approval, the member) about a club event, as their preferences
 * allow. One batch reads the club's name, the member's name and the admins (a club has few; the
 * memberships_club_status_role_idx index finds them). Dedupe keys name the club, the member, the
 * kind of event and its UTC day: asking, leaving and asking again (or joining and leaving an open
 * club) all day tells each admin once, so a loop cannot flood their bell and inbox; the next day's
 * request is news again.
 */
export async function notifyClubEvent(ctx: Deps, clubId: string, event: ClubEvent): Promise<void> {
  const [[club], [member], admins] = await ctx.db.batch([
    ctx.db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId)).limit(1),
    ctx.db.select({ name: users.name }).from(users).where(eq(users.id, event.memberId)).limit(1),
    ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.clubId, clubId), eq(memberships.status, "active"), eq(memberships.role, "admin"))),
  ]);
  if (!club || !member) return;
  // Names are content; the sentences around them are written in each recipient's language by notify().
  const name = member.name;
  const clubName = club.name;
  const clubPage = `/clubs/${clubId}`;
  const key = (kind: string, at: number) => `club:${clubId}:${event.memberId}:${kind}:${utcDay(at)}`;
  // Not the member themselves, nor the admin who approved them: they know.
  const adminIds = admins.map((admin) => admin.userId).filter((id) => id !== event.memberId && (event.kind !== "approved" || id !== event.approvedBy));

  const events: NotificationInput[] = [];
  if (event.kind === "join_request") {
    for (const userId of adminIds) {
      events.push({
        userId,
        type: "club_join_request",
        title: ({ t }) => t("{name} asked to join {club}", { name, club: clubName }),
        link: `${clubPage}?dialog=requests`,
        actorId: event.memberId,
        dedupeKey: key("requested", event.requestedAt),
      });
    }
  } else {
    if (event.kind === "approved") {
      events.push({
        userId: event.memberId,
        type: "club_join_approved",
        title: ({ t }) => t("You're now a member of {club}", { club: clubName }),
        body: ({ t }) => t("Your request to join was approved."),
        link: clubPage,
        actorId: event.approvedBy,
        dedupeKey: key("approved", event.at),
      });
    }
    for (const userId of adminIds) {
      events.push({
        userId,
        type: "club_new_member",
        title: ({ t }) => t("{name} joined {club}", { name, club: clubName }),
        link: clubPage,
        actorId: event.memberId,
        dedupeKey: key("joined", event.at),
      });
    }
  }
  await notify(ctx, events);
}
