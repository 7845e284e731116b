import { REPORT_REASONS } from "@worker/core/shared/reports";
import { BOOK_HIDDEN_REASONS, REPORT_SUBJECTS } from "@worker/db/schema";
import { z } from "zod";

// What the report and moderation routes answer in `data`, for the API reference.

export const reportCreatedView = z.looseObject({
  reportId: z.uuid(),
  subject: z.enum(REPORT_SUBJECTS),
  /** What to tell the reporter. */
  message: z.string(),
});

const memberRef = z.looseObject({ id: z.string(), name: z.string() });

/** An open report with the reported content as it was (moderation.ts OpenReport); times are epoch milliseconds. */
export const openReportView = z.looseObject({
  reportId: z.string(),
  subject: z.enum(REPORT_SUBJECTS),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  /** The reported profile, book, message or comment as it was when reported. */
  snapshot: z.string(),
  bookId: z.string().nullable(),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
  /** The reported comment (its book is `bookId`), null for other subjects. */
  commentId: z.string().nullable(),
  createdAt: z.int(),
  reporter: memberRef,
  subjectUser: memberRef.extend({ suspended: z.boolean() }),
  /** Why the reported book is hidden, null when it is shown or the report is not of a book. */
  bookHidden: z.enum(BOOK_HIDDEN_REASONS).nullable(),
});

export const openReportsView = z.array(openReportView);

export const suspendedMemberView = z.looseObject({ id: z.string(), name: z.string(), email: z.string(), suspendedAt: z.int() });

export const suspendedMembersView = z.array(suspendedMemberView);

export const reportDismissedView = z.looseObject({ reportId: z.string(), state: z.literal("dismissed") });

export const reportHiddenView = z.looseObject({ reportId: z.string(), state: z.literal("actioned"), action: z.literal("hidden") });

export const reportSuspendedView = z.looseObject({
  reportId: z.string(),
  state: z.literal("actioned"),
  action: z.literal("suspended"),
  /** The member suspended: the reported member, the book's owner or the message's sender. */
  userId: z.string(),
});

export const memberSuspendedView = z.looseObject({ userId: z.string(), suspended: z.literal(true) });

export const memberUnsuspendedView = z.looseObject({ userId: z.string(), suspended: z.literal(false) });
