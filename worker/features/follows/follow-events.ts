import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { noteNewBooks } from "./new-book-notices";

/** Followers hear of new books in the window's one notice, a few minutes on (a cover's reading is done by then). */
export function noteListedBooks(deps: Deps, event: EventOf<"book.listed">): Promise<void> {
  return noteNewBooks(deps, event.ownerId, event.at);
}
