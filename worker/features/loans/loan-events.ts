import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import type { Translate } from "@worker/core/shared/translate";
import { type NotificationInput, notify } from "@worker/features/notifications";
import type { BorrowerRecord } from "./loan-records";
import { bookTitle, longDay, type StepAction } from "./loan-steps";
import { borrowerRecordFacts } from "./record-facts";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /**
     * A member asked to borrow a book (the loan and its event are stored). `line` is the chat line, in
     * the language of the request that asked: both members read the one chat as its author wrote it.
     */
    "loan.requested": {
      loanId: string;
      eventId: number;
      borrowerId: string;
      borrowerName: string;
      ownerId: string;
      bookTitle: string;
      line: string;
      /** The borrower's record as the owner sees it, read with the request: the owner's e-mail and bell say it. */
      borrowerRecord: BorrowerRecord;
      at: number;
      /** The conversation the publisher already posted `line` in (the borrow press, before its answer): no subscriber posts it again. */
      lineIn?: string;
    };
    /**
     * One side took a later step of a loan (accepted, declined, cancelled, lent, returned, a new due
     * date, a renewal asked, disowned); the step and its loan event are stored. The actor's `line` goes
     * into the pair's chat, written in the language of the request that took the step; the other side's
     * bell is written in theirs from the rest.
     */
    "loan.step_taken": {
      loanId: string;
      eventId: number;
      action: StepAction;
      actorId: string;
      actorName: string;
      otherId: string;
      bookTitle: string;
      /** The due date the step set or kept (accepted, lent, a new due date); the bell names it. */
      dueDate?: string | null;
      line: string;
      /** The manual 'Lent' edit lent the book to a member who never asked: their bell says how to refuse it. */
      unasked?: boolean;
      /** Names the notice when repeats of the step should collapse into one (the manual edit's); by default, the event. */
      dedupeKey?: string;
      at: number;
    };
    /** The first member waiting for a book was offered it for 48 hours (`entryId` is their waitlist entry). */
    "loan.offered": { entryId: number; bookId: string; bookTitle: string; ownerId: string; memberId: string; at: number };
    /**
     * A book is free to borrow again and nobody is waiting for it: its loan ended (returned, or an agreed
     * loan called off) or its waitlist ran out. `freedBy` names what freed it (`returned:{loanId}`,
     * `waitlist:{entryId}`), so each freeing is told once.
     */
    "loan.book_free": { bookId: string; freedBy: string; at: number };
  }
}

/**
 * The owner's bell item (and e-mail, push) for a request, written in the owner's language, with the
 * borrower's record as the owner sees it on /loans; keyed by the loan's event.
 */
export async function tellOwnerOfRequest(deps: Deps, event: EventOf<"loan.requested">): Promise<void> {
  const name = event.borrowerName;
  await notify(
    deps,
    [
      {
        userId: event.ownerId,
        actorId: event.borrowerId,
        type: "loan_requested",
        title: ({ t }) => t('{name} asked to borrow "{title}"', { name, title: bookTitle(event.bookTitle, t) }),
        body: ({ t, locale, timeZone }) =>
          t("Track record: {facts}", { facts: borrowerRecordFacts(event.borrowerRecord, t, { locale, timeZone }, "owner").join(" · ") }),
        link: "/loans?tab=requests",
        dedupeKey: `loan:${event.loanId}:requested:${event.eventId}`,
      },
    ],
    event.at,
  );
}

/** The other side's bell item (and e-mail, push) for a step, written in their language; keyed by the loan's event. */
export async function tellOtherSideOfStep(deps: Deps, event: EventOf<"loan.step_taken">): Promise<void> {
  await notify(
    deps,
    [
      {
        userId: event.otherId,
        actorId: event.actorId,
        ...stepNotice(event),
        dedupeKey: event.dedupeKey ?? `loan:${event.loanId}:${event.action}:${event.eventId}`,
      },
    ],
    event.at,
  );
}

/** What the bell says of each step: its texts are functions, which notify() writes in the recipient's language. */
function stepNotice(event: EventOf<"loan.step_taken">): Pick<NotificationInput, "type" | "title" | "body" | "link"> {
  const name = event.actorName;
  const quoted = (t: Translate) => bookTitle(event.bookTitle, t);
  const dueDate = event.dueDate ?? null;
  switch (event.action) {
    case "accepted":
      return {
        type: "loan_accepted",
        title: ({ t }) => t('{name} accepted your request for "{title}"', { name, title: quoted(t) }),
        body: ({ t, locale }) => t("It is due back on {date}.", { date: longDay(dueDate ?? "", locale) }),
        link: "/loans?tab=borrowed",
      };
    case "declined":
      return {
        type: "loan_declined",
        title: ({ t }) => t('{name} declined your request for "{title}"', { name, title: quoted(t) }),
        link: "/loans?tab=history",
      };
    case "cancelled":
      return {
        type: "loan_cancelled",
        title: ({ t }) => t('{name} cancelled the loan of "{title}"', { name, title: quoted(t) }),
        link: "/loans?tab=history",
      };
    case "lent":
      return {
        type: "loan_lent",
        title: ({ t }) => t('{name} handed you "{title}"', { name, title: quoted(t) }),
        // A loan the borrower never asked for tells them how to refuse it.
        body: ({ t, locale }) => {
          if (!event.unasked) return dueDate ? t("Due back {date}.", { date: longDay(dueDate, locale) }) : "";
          return dueDate
            ? t("Due back {date}. If you don't have it, say so on your Loans page.", { date: longDay(dueDate, locale) })
            : t("If you don't have it, say so on your Loans page.");
        },
        link: "/loans?tab=borrowed",
      };
    case "returned":
      return {
        type: "loan_returned",
        title: ({ t }) => t('"{title}" is marked as returned', { title: quoted(t) }),
        link: "/loans?tab=history",
      };
    case "due_date_changed":
      return {
        type: "loan_due_date_changed",
        title: ({ t, locale }) => t('"{title}" is now due back on {date}', { title: quoted(t), date: longDay(dueDate ?? "", locale) }),
        link: "/loans?tab=borrowed",
      };
    case "renewal_requested":
      return {
        type: "loan_renewal_requested",
        title: ({ t }) => t('{name} asked to keep "{title}" a little longer', { name, title: quoted(t) }),
        link: "/loans?tab=lent",
      };
    case "disowned":
      return {
        type: "loan_disowned",
        title: ({ t }) => t('{name} says they don\'t have "{title}"', { name, title: quoted(t) }),
        body: ({ t }) => t("The loan has ended, and the book shows as available again."),
        link: "/loans?tab=history",
      };
  }
}

/** The offered member's bell item (and e-mail, push), written in their language; keyed by the offer. */
export async function tellMemberOfOffer(deps: Deps, event: EventOf<"loan.offered">): Promise<void> {
  await notify(
    deps,
    [
      {
        userId: event.memberId,
        type: "waitlist_offer",
        title: ({ t }) => t('"{title}" is available for you', { title: bookTitle(event.bookTitle, t) }),
        body: ({ t }) => t("You're first on the waitlist. Ask to borrow it within 48 hours, or it passes to the next member."),
        link: `/books/${event.bookId}`,
        actorId: event.ownerId,
        dedupeKey: `waitlist:${event.entryId}:offer`,
      },
    ],
    event.at,
  );
}
