import { analyticsEvents } from "@worker/db/schema";
import { badRequest, forbidden, notFound, requireUser } from "@worker/core/errors";
import { findBookById } from "@worker/features/books";
import { sendMessage, startConversation } from "@worker/features/messages";
import type { ServiceContext } from "@worker/core/service-context";

export const OWN_BOOK = "This is your own book.";
export const MEMBERS_ONLY_BOOK = "Only members of this book's club can borrow it.";
export const BORROW_INTENT = "borrow_intent";

/** The message the borrow flow sends the owner (docs/product.md#borrow-from-the-owner). */
export const borrowRequestText = (title: string) => `Hi! I'm interested in borrowing "${title}". Is it available?`;

/**
 * The borrow flow (docs/product.md#borrow-from-the-owner): opens (or creates) the conversation with the book's owner, sends the
 * request, and records a borrow-intent analytics event (one per request, naming the message).
 * `requestId` makes a resubmitted form (a double press, a retry) send the message once. A private club's book is not the borrower's to ask
 * for unless they are in the club, and nobody borrows their own book.
 */
export async function requestToBorrow(ctx: ServiceContext, bookId: string, requestId?: string): Promise<{ conversationId: string }> {
  requireUser(ctx);
  const book = await findBookById(ctx, bookId);
  if (!book) throw notFound("Book not found");
  if (book.userId === ctx.user.id) throw badRequest(OWN_BOOK);
  if (book.membersOnly) throw forbidden(MEMBERS_ONLY_BOOK);
  const { conversationId } = await startConversation(ctx, book.userId);
  const message = await sendMessage(ctx, conversationId, { content: borrowRequestText(book.title || "Untitled Book"), messageId: requestId });
  await ctx.db
    .insert(analyticsEvents)
    .values({ type: BORROW_INTENT, userId: ctx.user.id, bookId: book.bookId, data: { conversationId, messageId: message.messageId } });
  return { conversationId };
}
