import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { dayIn } from "@worker/core/shared/calendar";
import { analyticsEvents } from "@worker/db/schema";
import { findBookById } from "@worker/features/books";
import { BLOCKED, type Chat, chatOf, chatReads, createConversation, deliverMessage, openChat, postLine, refuseChatWrite } from "@worker/features/messages";
import { BORROW_INTENT, borrowRequestText, MEMBERS_ONLY_BOOK, OWN_BOOK } from "./borrow-chat";
import { requireMayAsk } from "./lending-rules";
import { type LoanView, loanById, toLoanView } from "./loan-queries";
import { borrowerRecordReads, toBorrowerRecords } from "./loan-records";
import { isOpenLoanClash } from "./loan-steps";
import { ALREADY_ASKED, loanRequested, refuseOfferedToOther, requestReads, requestWrites } from "./loans";

export interface BorrowAnswer {
  loan: LoanView;
  conversationId: string;
  /** False when the member had already asked: nothing new was recorded or sent, the chat just opens. */
  created: boolean;
}

/**
 * "Borrow from {owner}" (docs/product.md#borrow-from-the-owner), the book page's one borrow action:
 * records the request in the ledger (requestLoan's rules and refusals), then opens the chat with
 * the owner and sends the spec's message, with a borrow-intent event. Two presses ask once: when the
 * member already has an open request (or loan) on the book, nothing is recorded or sent and the chat
 * just opens. `requestId` names the message, so a retried press that lost its answer sends it once.
 * A request refused by the ledger (offered to someone else, a block) sends nothing.
 *
 * Each fact is read once (docs/decisions/019, "Borrow press"): the book, then one batch for every rule
 * (the open loan, the waitlist offer, the owner, a block either way, the pair's conversation), one
 * batch for the writes (the loan, its event, the offer's claim, the conversation, the loan read back),
 * the two room posts (the ledger's line, then the message), and the bell and pings after the answer.
 */
export async function borrowFromOwner(ctx: ServiceContext, bookId: string, requestId?: string): Promise<BorrowAnswer> {
  requireUser(ctx);
  const me = ctx.user.id;
  const book = await findBookById(ctx, bookId);
  if (!book) throw notFound("Book not found");
  if (book.userId === me) throw badRequest(OWN_BOOK);
  if (book.membersOnly) throw forbidden(MEMBERS_ONLY_BOOK);
  const now = Date.now();
  // The borrower's record as the owner will see it (the chat line, the e-mail) rides in the rules' batch.
  const recordReads = borrowerRecordReads(ctx.db, book.userId, [me], dayIn(ctx.user.timezone, now));
  const [[open], [offer], people, counters, lent, clubs, follows, ...chatRows] = await ctx.db.batch([
    ...requestReads(ctx.db, book.bookId, me, now),
    ...recordReads,
    ...chatReads(ctx.db, me, book.userId),
  ]);
  const chat = chatOf(me, book.userId, chatRows);
  if (open) return reopen(ctx, toLoanView(open, me), chat);
  // requestLoan's refusals, in its order, then the chat's (a deleted owner, the start and send limits): all before anything is written.
  if (chat.blocked) throw forbidden(BLOCKED);
  await requireMayAsk(ctx.db, book.bookId, me);
  refuseOfferedToOther(offer, me);
  await refuseChatWrite(ctx, chat);

  const { loanId, statements } = requestWrites(ctx.db, book, me, now);
  let written: [{ id: number }[], { id: string }[] | null, Parameters<typeof toLoanView>[0] | undefined];
  try {
    if (chat.conversationId) {
      const [, events, , loans] = await ctx.db.batch([...statements, loanById(ctx.db, loanId)]);
      written = [events as { id: number }[], null, loans[0]];
    } else {
      const [, events, , conversation, loans] = await ctx.db.batch([...statements, createConversation(ctx.db, chat.members), loanById(ctx.db, loanId)]);
      written = [events as { id: number }[], conversation, loans[0]];
    }
  } catch (error) {
    // A simultaneous second press: the first one's request stands (the batch wrote nothing).
    if (!isOpenLoanClash(error)) throw error;
    const [[again], ...rows] = await ctx.db.batch([requestReads(ctx.db, book.bookId, me, now)[0], ...chatReads(ctx.db, me, book.userId)]);
    if (!again) throw conflict(ALREADY_ASKED);
    return reopen(ctx, toLoanView(again, me), chatOf(me, book.userId, rows));
  }
  const [events, conversation, loanRow] = written;
  const eventId = events[0]!.id;
  const conversationId = chat.conversationId ?? conversation![0]!.id;
  const opened = { ...chat, conversationId };
  const borrowerRecord = toBorrowerRecords(book.userId, [people, counters, lent, clubs, follows]).get(me)!;
  const requested = loanRequested(ctx, { loanId, eventId, ownerId: book.userId, bookTitle: book.title, borrowerRecord }, now);
  // The ledger's line first, then the member's message: the chat the answer opens has both.
  await postLine(ctx.env, opened, me, requested.line, `loan-event-${eventId}`);
  await deliverMessage(ctx, opened, { content: borrowRequestText(book.title || translate("Untitled Book")), messageId: requestId }, undefined, (message) => [
    ctx.db.insert(analyticsEvents).values({ type: BORROW_INTENT, userId: me, bookId: book.bookId, data: { conversationId, messageId: message.messageId } }),
  ]);
  // The owner's bell (with its e-mail and push) follows from the event after the answer; the line is posted.
  const told = publish(ctx, { ...requested, lineIn: conversationId });
  if (ctx.afterResponse) ctx.afterResponse(told);
  else await told;
  return { loan: { ...toLoanView(loanRow!, me), conversationId }, conversationId, created: true };
}

/** The member already asked: nothing is recorded or sent, the chat with the owner just opens (startConversation's rules). */
async function reopen(ctx: MemberContext, loan: LoanView, chat: Chat): Promise<BorrowAnswer> {
  const conversationId = await openChat(ctx, chat);
  return { loan: { ...loan, conversationId }, conversationId, created: false };
}
