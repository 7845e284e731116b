import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { postLoanLine } from "./messages";

/** A loan request's line in the pair's chat, keyed by the loan's event so a repeat posts once. */
export async function postLoanRequestLine(deps: Deps, event: EventOf<"loan.requested">): Promise<void> {
  await postLoanLine(deps, event.borrowerId, event.ownerId, event.line, `loan-event-${event.eventId}`);
}

/** A later loan step's line in the pair's chat, in the actor's name, keyed by the loan's event so a repeat posts once. */
export async function postLoanStepLine(deps: Deps, event: EventOf<"loan.step_taken">): Promise<void> {
  await postLoanLine(deps, event.actorId, event.otherId, event.line, `loan-event-${event.eventId}`);
}
