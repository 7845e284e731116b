import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { notify, snippetOf } from "@worker/features/notifications";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** A member commented on another member's book (the comment is stored; `body` is what they wrote). */
    "comment.posted": {
      commentId: string;
      bookId: string;
      bookTitle: string;
      ownerId: string;
      authorId: string;
      authorName: string;
      body: string;
      at: number;
    };
  }
}

/** How much of the book's title the owner's bell item quotes. */
const QUOTED_TITLE_MAX = 80;
/** A book's comments wait this long for each other, then go to its owner as one e-mail (as direct messages do). */
export const COMMENT_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * The owner's bell item for a day's comments on one book: one row that counts them up (and one e-mail
 * per COMMENT_MAIL_WINDOW_MS, if "Comments on your books" is on), so a lively book fills neither bell nor inbox.
 */
export const bookCommentNotificationKey = (bookId: string, now: number) => `book-comment:${bookId}:${new Date(now).toISOString().slice(0, 10)}`;

/** The book's owner hears of the comment (book_comment), as their preference allows. */
export async function tellOwnerOfComment(deps: Deps, event: EventOf<"comment.posted">): Promise<void> {
  const name = event.authorName;
  const now = event.at;
  // Written in the owner's language by notify(); the comment itself is quoted as written.
  await notify(
    deps,
    [
      {
        userId: event.ownerId,
        type: "book_comment",
        title: ({ t }) => t('{name} commented on "{title}"', { name, title: snippetOf(event.bookTitle || t("Untitled Book"), QUOTED_TITLE_MAX) }),
        body: snippetOf(event.body),
        link: `/books/${event.bookId}#comments`,
        actorId: event.authorId,
        dedupeKey: bookCommentNotificationKey(event.bookId, now),
        accumulate: true,
        // One e-mail (and push) for the comments of a window, as a conversation's messages.
        gather: { key: bookCommentNotificationKey(event.bookId, now), until: now + COMMENT_MAIL_WINDOW_MS },
      },
    ],
    now,
  );
}
