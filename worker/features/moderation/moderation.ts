import { isModerator, readConfig } from "@worker/core/config";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { signOutOpenTabs } from "@worker/core/member-inbox-stubs";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { msg } from "@worker/core/shared/translate";
import { books, reports, sessions, users } from "@worker/db/schema";
import { calendarFeedsRevocation } from "@worker/features/club-meetings";
import { hideReportedRoomMessage, hideRoomMessagesOf } from "@worker/features/club-room";
import { hideComment } from "@worker/features/comments";
import { aliasedTable, and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";

/** How many open reports the review page shows, oldest first (the queue a moderator works through). */
export const OPEN_REPORTS_SHOWN = 100;
export const REPORT_NOT_FOUND = msg("Report not found");
export const REPORT_ALREADY_REVIEWED = msg("This report has already been reviewed.");

export const reportIdParams = z.object({ id: idSchema });
export const memberIdParams = z.object({ id: idSchema });

type ModeratorContext = MemberContext;

/** Whether the signed-in member may review reports (their e-mail is in MODERATORS). */
export function canModerate(ctx: ServiceContext): boolean {
  return Boolean(ctx.user) && isModerator(readConfig(ctx.env), ctx.user!.email);
}

/** 401 for visitors, 403 for members who are not moderators. */
export function requireModerator(ctx: ServiceContext): asserts ctx is ModeratorContext {
  requireUser(ctx);
  if (!canModerate(ctx)) throw forbidden("Only moderators can do that.");
}

const reporter = aliasedTable(users, "reporter");
const subjectUser = aliasedTable(users, "subject_user");

/** The open reports, oldest first, with who reported (moderators only) and who is reported. */
export async function listOpenReports(ctx: ServiceContext) {
  requireModerator(ctx);
  const rows = await ctx.db
    .select({
      reportId: reports.id,
      subject: reports.subject,
      reason: reports.reason,
      details: reports.details,
      snapshot: reports.snapshot,
      bookId: reports.bookId,
      conversationId: reports.conversationId,
      messageId: reports.messageId,
      commentId: reports.commentId,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterName: reporter.name,
      subjectUserId: reports.subjectUserId,
      subjectUserName: subjectUser.name,
      subjectUserSuspendedAt: subjectUser.suspendedAt,
      bookHidden: books.hidden,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(subjectUser, eq(subjectUser.id, reports.subjectUserId))
    .leftJoin(books, eq(books.id, reports.bookId))
    .where(eq(reports.state, "open"))
    .orderBy(asc(reports.createdAt))
    .limit(OPEN_REPORTS_SHOWN);
  return rows.map(({ reporterId, reporterName, subjectUserId, subjectUserName, subjectUserSuspendedAt, bookHidden, ...report }) => ({
    ...report,
    reporter: { id: reporterId, name: reporterName },
    subjectUser: { id: subjectUserId, name: subjectUserName, suspended: subjectUserSuspendedAt !== null },
    bookHidden: bookHidden ?? null,
  }));
}
export type OpenReport = Awaited<ReturnType<typeof listOpenReports>>[number];

/** Members under suspension, most recent first, so a moderator can lift one (users_suspended_idx). */
export async function listSuspendedMembers(ctx: ServiceContext) {
  requireModerator(ctx);
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt))
    .limit(OPEN_REPORTS_SHOWN);
}

async function openReport(ctx: ModeratorContext, reportId: string) {
  const [report] = await ctx.db.select().from(reports).where(eq(reports.id, reportId)).limit(1);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (report.state !== "open") throw conflict(REPORT_ALREADY_REVIEWED);
  return report;
}

function reviewed(ctx: ModeratorContext, state: "actioned" | "dismissed", action: string) {
  return { state, action, reviewedBy: ctx.user.id, reviewedAt: Date.now() } as const;
}

/** Closes the report with no action. */
export async function dismissReport(ctx: ServiceContext, reportId: string) {
  requireModerator(ctx);
  await openReport(ctx, reportId);
  await ctx.db
    .update(reports)
    .set(reviewed(ctx, "dismissed", "none"))
    .where(and(eq(reports.id, reportId), eq(reports.state, "open")));
  return { reportId, state: "dismissed" as const };
}

/**
 * Hides the reported book (out of the library, search, counts and its page), message (gone from
 * the thread for both members) or comment (shown to nobody). Other open reports of the same content
 * are closed with it.
 */
export async function hideReportedContent(ctx: ServiceContext, reportId: string) {
  requireModerator(ctx);
  const report = await openReport(ctx, reportId);
  const done = reviewed(ctx, "actioned", "hidden");
  // Open reports of the same content, found through the reported member's index.
  const sameMember = and(eq(reports.subjectUserId, report.subjectUserId), eq(reports.state, "open"));
  if (report.subject === "book") {
    if (!report.bookId) throw notFound("The reported book no longer exists.");
    await ctx.db.batch([
      // "moderation" also replaces "suspension", so lifting a suspension does not bring this book back.
      ctx.db.update(books).set({ hidden: "moderation", updatedAt: Date.now() }).where(eq(books.id, report.bookId)),
      // A comment report names its book too: it is about the comment, and stays open.
      ctx.db
        .update(reports)
        .set(done)
        .where(and(sameMember, eq(reports.subject, "book"), eq(reports.bookId, report.bookId))),
    ]);
  } else if (report.subject === "message") {
    if (!report.conversationId || !report.messageId) throw notFound("The reported conversation no longer exists.");
    const found = await conversationRoom(ctx.env, report.conversationId).hideMessage(report.messageId);
    if (!found) throw notFound("The reported message no longer exists.");
    await ctx.db
      .update(reports)
      .set(done)
      .where(and(sameMember, eq(reports.messageId, report.messageId)));
  } else if (report.subject === "club_message") {
    if (!report.clubId || !report.messageId) throw notFound("The reported club no longer exists.");
    if (!(await hideReportedRoomMessage(ctx.env, report.clubId, report.messageId))) throw notFound("The reported message no longer exists.");
    await ctx.db
      .update(reports)
      .set(done)
      .where(and(sameMember, eq(reports.messageId, report.messageId)));
  } else if (report.subject === "comment") {
    if (!report.commentId || !(await hideComment(ctx.db, report.commentId))) throw notFound("The reported comment no longer exists.");
    await ctx.db
      .update(reports)
      .set(done)
      .where(and(sameMember, eq(reports.commentId, report.commentId)));
  } else {
    throw badRequest("A member can't be hidden. Suspend them instead, or dismiss the report.");
  }
  return { reportId, state: "actioned" as const, action: "hidden" as const };
}

/** Suspends the reported member (the book's owner, the message's sender) and closes their open reports. */
export async function suspendFromReport(ctx: ServiceContext, reportId: string) {
  requireModerator(ctx);
  const report = await openReport(ctx, reportId);
  await suspendMember(ctx, report.subjectUserId);
  await ctx.db
    .update(reports)
    .set(reviewed(ctx, "actioned", "suspended"))
    .where(and(eq(reports.subjectUserId, report.subjectUserId), eq(reports.state, "open")));
  return { reportId, state: "actioned" as const, action: "suspended" as const, userId: report.subjectUserId };
}

/**
 * A suspended member cannot sign in (worker/features/auth/sign-in.ts) and is signed out everywhere at once
 * (their push devices go with their sessions), and their calendar feed address stops; their visible
 * books leave the library (hidden "suspension", which unsuspending undoes), their comments are shown
 * to nobody (read-time, by the author's row) and their club room messages leave every room.
 * Suspending someone already suspended changes nothing (but finishes rooms a failed try missed).
 */
export async function suspendMember(ctx: ServiceContext, userId: string) {
  requireModerator(ctx);
  if (userId === ctx.user.id) throw badRequest("You can't suspend yourself.");
  const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!member) throw notFound("No user found with that ID");
  const now = Date.now();
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ suspendedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.suspendedAt))),
    ctx.db.delete(sessions).where(eq(sessions.userId, userId)),
    ctx.db
      .update(books)
      .set({ hidden: "suspension" })
      .where(and(eq(books.userId, userId), isNull(books.hidden))),
    calendarFeedsRevocation(ctx.db, userId),
  ]);
  await signOutOpenTabs(ctx, userId);
  await hideRoomMessagesOf(ctx, userId, true);
  return { userId, suspended: true as const };
}

/**
 * Lifts a suspension: the member can sign in again and the books, comments and room messages the
 * suspension hid come back (not what a moderator hid). The rooms go first, so a failure leaves the
 * member suspended and the lift can be retried. A revoked calendar feed stays revoked.
 */
export async function unsuspendMember(ctx: ServiceContext, userId: string) {
  requireModerator(ctx);
  const [member] = await ctx.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!member) throw notFound("No user found with that ID");
  if (member.suspendedAt === null) throw conflict("This member is not suspended.");
  await hideRoomMessagesOf(ctx, userId, false);
  await ctx.db.batch([
    ctx.db.update(users).set({ suspendedAt: null, updatedAt: Date.now() }).where(eq(users.id, userId)),
    ctx.db
      .update(books)
      // A book still without a title goes back to its owner's shelf alone (decision 024).
      .set({ hidden: sql`CASE WHEN trim(${books.title}) = '' THEN 'untitled' END` })
      .where(and(eq(books.userId, userId), eq(books.hidden, "suspension"))),
  ]);
  return { userId, suspended: false as const };
}
