import { badRequest, forbidden, notFound, requireUser, ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { analyticsEvents, loans, OPEN_LOAN_STATES } from "@worker/db/schema";
import { findBookById } from "@worker/features/books";
import { sendMessage, startConversation } from "@worker/features/messages";
import { and, eq, inArray } from "drizzle-orm";
import { BORROW_INTENT, borrowRequestText, MEMBERS_ONLY_BOOK, OWN_BOOK } from "./borrow-chat";
import { findLoan, type LoanView } from "./loan-queries";
import { ALREADY_ASKED, requestLoan } from "./loans";

export interface BorrowAnswer {
  loan: LoanView;
  conversationId: string;
  /** False when the member had already asked: nothing new was recorded or sent, the chat just opens. */
  created: boolean;
}

/** The member's open loan (requested, accepted or lent) on the book, if any. */
async function openLoanOf(ctx: MemberContext, bookId: string): Promise<LoanView | null> {
  const [open] = await ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.bookId, bookId), eq(loans.borrowerId, ctx.user.id), inArray(loans.state, OPEN_LOAN_STATES)))
    .limit(1);
  return open ? findLoan(ctx, open.id) : null;
}

/**
 * "Borrow from {owner}" (docs/product.md#borrow-from-the-owner), the book page's one borrow action:
 * records the request in the ledger (requestLoan: its rules and refusals), then opens the chat with
 * the owner and sends the spec's message, with a borrow-intent event. Two presses ask once: when the
 * member already has an open request (or loan) on the book, nothing is recorded or sent and the chat
 * just opens. `requestId` names the message, so a retried press that lost its answer sends it once.
 * A request refused by the ledger (offered to someone else, a block) sends nothing.
 */
export async function borrowFromOwner(ctx: ServiceContext, bookId: string, requestId?: string): Promise<BorrowAnswer> {
  requireUser(ctx);
  const book = await findBookById(ctx, bookId);
  if (!book) throw notFound("Book not found");
  if (book.userId === ctx.user.id) throw badRequest(OWN_BOOK);
  if (book.membersOnly) throw forbidden(MEMBERS_ONLY_BOOK);
  let loan = await openLoanOf(ctx, book.bookId);
  let created = false;
  if (!loan) {
    try {
      loan = await requestLoan(ctx, { bookId: book.bookId });
      created = true;
    } catch (error) {
      // A simultaneous second press: the first one's request stands.
      if (!(error instanceof ServiceError && error.key === ALREADY_ASKED)) throw error;
      loan = await openLoanOf(ctx, book.bookId);
      if (!loan) throw error;
    }
  }
  const { conversationId } = await startConversation(ctx, book.userId);
  if (created) {
    const message = await sendMessage(ctx, conversationId, { content: borrowRequestText(book.title || translate("Untitled Book")), messageId: requestId });
    await ctx.db
      .insert(analyticsEvents)
      .values({ type: BORROW_INTENT, userId: ctx.user.id, bookId: book.bookId, data: { conversationId, messageId: message.messageId } });
  }
  return { loan: { ...loan, conversationId }, conversationId, created };
}
