import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { notify } from "@worker/features/notifications";
import { bookTitle } from "./loan-steps";

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
      at: number;
      /** The conversation the publisher already posted `line` in (the borrow press, before its answer): no subscriber posts it again. */
      lineIn?: string;
    };
  }
}

/** The owner's bell item (and e-mail, push) for a request, written in the owner's language; keyed by the loan's event. */
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
        link: "/loans?tab=requests",
        dedupeKey: `loan:${event.loanId}:requested:${event.eventId}`,
      },
    ],
    event.at,
  );
}
