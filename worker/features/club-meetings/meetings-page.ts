import type { ServiceContext } from "@worker/core/service-context";
import { clubBooks, clubMilestones } from "@worker/db/schema";
import { and, asc, eq } from "drizzle-orm";
import { calendarFeedStatus } from "./calendar-feeds";
import { meetingAccess } from "./meeting-access";
import { meetingListQuery } from "./meeting-input";
import { listMeetings, listMeetingsFor, type MeetingView } from "./meetings";

/** How many meetings the club page's summary shows. */
export const SUMMARY_MEETINGS = 3;

/** The club page's "Upcoming meetings": the next few, or null when the club's meetings are not the viewer's to see. */
export async function upcomingMeetingsSummary(ctx: ServiceContext, clubId: string): Promise<{ clubId: string; items: MeetingView[]; more: boolean }> {
  const page = await listMeetings(ctx, clubId, meetingListQuery.parse({ limit: SUMMARY_MEETINGS }));
  return { clubId, items: page.items, more: page.nextToken !== null };
}

/**
 * The meetings page: the club, the viewer's rights, one page of upcoming and one of past meetings,
 * the current book's milestones (for the schedule form) and whether the viewer has a calendar feed.
 */
export async function meetingsPage(ctx: ServiceContext, clubId: string, tokens: { upcoming?: string | null; past?: string | null }) {
  const access = await meetingAccess(ctx, clubId, "see");
  const query = (when: "upcoming" | "past", token: string | null | undefined) => {
    const parsed = meetingListQuery.safeParse({ when, nextToken: token ?? undefined });
    // A bad or tampered token shows the first page.
    return parsed.success ? parsed.data : meetingListQuery.parse({ when });
  };
  const [upcoming, past, milestones, feed] = await Promise.all([
    listMeetingsFor(ctx, access, query("upcoming", tokens.upcoming)),
    listMeetingsFor(ctx, access, query("past", tokens.past)),
    access.canManage
      ? ctx.db
          .select({ milestoneId: clubMilestones.id, label: clubMilestones.label })
          .from(clubMilestones)
          .innerJoin(clubBooks, eq(clubBooks.id, clubMilestones.clubBookId))
          .where(and(eq(clubBooks.clubId, clubId), eq(clubBooks.state, "current")))
          .orderBy(asc(clubMilestones.position))
      : [],
    calendarFeedStatus(ctx),
  ]);
  return {
    club: { clubId, name: access.club.name, timeZone: access.timeZone, isPrivate: access.club.isPrivate },
    viewer: { isMember: access.isMember, canManage: access.canManage },
    upcoming,
    past,
    milestones,
    feed,
  };
}
