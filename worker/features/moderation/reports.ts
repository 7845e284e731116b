import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { badRequest, notFound, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { AccountDeletionPart } from "@worker/core/member-data-parts";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_RECEIVED } from "@worker/core/shared/reports";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { books, type ReportSubject, reports, users } from "@worker/db/schema";
import { findRoomMessageToReport } from "@worker/features/club-room";
import { findReportableComment } from "@worker/features/comments";
import { requireParticipant } from "@worker/features/messages";
import { eq } from "drizzle-orm";
import { z } from "zod";

export const REPORT_RATE_LIMITED = msg("You've sent several reports in a short time. Please wait a minute and try again.");

// Refusals are written when a value is refused, so they are in the request's language.
const id = z
  .string()
  .trim()
  .min(1, { error: () => translate("is required") })
  .max(100);
const reportFields = {
  reason: z.enum(REPORT_REASONS, { error: () => translate("reason must be one of: {reasons}", { reasons: REPORT_REASONS.join(", ") }) }),
  details: cleanText({
    max: REPORT_DETAILS_MAX,
    tooLong: msg("Details can have at most {max, number} characters."),
    multiline: true,
  }).default(""),
};

/** A report of a member, a book, a message (in a conversation the reporter is part of) or a comment under a book. */
export const reportSchema = z.discriminatedUnion(
  "subject",
  [
    z.object({ subject: z.literal("member"), userId: id, ...reportFields }),
    z.object({ subject: z.literal("book"), bookId: id, ...reportFields }),
    z.object({ subject: z.literal("message"), conversationId: id, messageId: id, ...reportFields }),
    z.object({ subject: z.literal("comment"), commentId: id, ...reportFields }),
    z.object({ subject: z.literal("club_message"), clubId: id, messageId: id, ...reportFields }),
  ],
  { error: () => translate("subject must be member, book, message, comment or club_message") },
);
export type ReportInput = z.output<typeof reportSchema>;

interface ReportTarget {
  subjectUserId: string;
  bookId?: string;
  conversationId?: string;
  clubId?: string;
  messageId?: string;
  commentId?: string;
  /** What was reported as it was then: the moderator is not in the conversation, and a book may change. */
  snapshot: string;
}

/**
 * Files a report for the moderators. The reported member is not told, so nothing here names the
 * reporter to them; the reporter gets REPORT_RECEIVED. One's own profile, books and messages cannot
 * be reported (400); what the reporter cannot see is not found (404).
 */
export async function createReport(ctx: ServiceContext, input: ReportInput): Promise<{ reportId: string; subject: ReportSubject; message: string }> {
  requireUser(ctx);
  await limit(ctx.env.REPORT_LIMITER, `report:${ctx.user.id}`, REPORT_RATE_LIMITED);
  const target = await findTarget(ctx, input, ctx.user.id);
  const reportId = crypto.randomUUID();
  await ctx.db.insert(reports).values({
    id: reportId,
    reporterId: ctx.user.id,
    subject: input.subject,
    subjectUserId: target.subjectUserId,
    bookId: target.bookId ?? null,
    conversationId: target.conversationId ?? null,
    clubId: target.clubId ?? null,
    messageId: target.messageId ?? null,
    commentId: target.commentId ?? null,
    snapshot: target.snapshot,
    reason: input.reason,
    details: input.details,
  });
  return { reportId, subject: input.subject, message: translate(REPORT_RECEIVED) };
}

async function findTarget(ctx: ServiceContext, input: ReportInput, reporterId: string): Promise<ReportTarget> {
  if (input.subject === "member") {
    if (input.userId === reporterId) throw badRequest("You can't report yourself.");
    const [member] = await ctx.db.select({ id: users.id, name: users.name, bio: users.bio }).from(users).where(eq(users.id, input.userId)).limit(1);
    if (!member) throw notFound("No user found with that ID");
    return { subjectUserId: member.id, snapshot: [member.name, member.bio].filter(Boolean).join("\n\n") };
  }
  if (input.subject === "book") {
    const [book] = await ctx.db
      .select({ id: books.id, userId: books.userId, title: books.title, author: books.author, description: books.description, hidden: books.hidden })
      .from(books)
      .where(eq(books.id, input.bookId))
      .limit(1);
    if (!book || (book.hidden && book.userId !== reporterId)) throw notFound("Book not found");
    if (book.userId === reporterId) throw badRequest("You can't report your own book.");
    const heading = `${book.title || "Untitled Book"} by ${book.author || "Unknown"}`;
    return { subjectUserId: book.userId, bookId: book.id, snapshot: [heading, book.description].filter(Boolean).join("\n\n") };
  }
  if (input.subject === "comment") {
    const comment = await findReportableComment(ctx, input.commentId);
    if (!comment) throw notFound("Comment not found");
    if (comment.authorId === reporterId) throw badRequest("You can't report your own comment.");
    // The book gives the moderator the comment's place; the snapshot keeps its words if it is deleted.
    return { subjectUserId: comment.authorId, bookId: comment.bookId, commentId: comment.commentId, snapshot: comment.body };
  }
  if (input.subject === "club_message") {
    // A club room the reporter is not an active member of is refused like the room itself.
    const message = await findRoomMessageToReport(ctx, input.clubId, input.messageId);
    if (!message) throw notFound("Message not found");
    if (message.fromUserId === reporterId) throw badRequest("You can't report your own message.");
    return { subjectUserId: message.fromUserId, clubId: input.clubId, messageId: message.messageId, snapshot: message.content };
  }
  // A conversation the reporter is not in is not found, like everywhere else.
  await requireParticipant(ctx, input.conversationId);
  const message = await conversationRoom(ctx.env, input.conversationId).findMessage(reporterId, input.messageId);
  if (!message) throw notFound("Message not found");
  if (message.fromUserId === reporterId) throw badRequest("You can't report your own message.");
  return { subjectUserId: message.fromUserId, conversationId: input.conversationId, messageId: message.messageId, snapshot: message.content };
}

/** Reports stay for the moderators' record, by or about the member, who then shows as Deleted member. */
export const reportsDeletionPart: AccountDeletionPart = {
  name: "reports",
  covers: [{ table: reports, how: "kept for the moderators' record; the member shows as Deleted member" }],
  async plan() {
    return {};
  },
};
