import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { postLoanLine } from "./messages";

/**
 * A loan request's line in the pair's chat, keyed by the loan's event so a repeat posts once. The
 * borrow press posts it itself before it answers (its chat opens with the line) and says where.
 */
export async function postLoanRequestLine(deps: Deps, event: EventOf<"loan.requested">): Promise<void> {
  if (event.lineIn) return;
  await postLoanLine(deps, event.borrowerId, event.ownerId, event.line, `loan-event-${event.eventId}`);
}
