// Shared with the /unsubscribe page, which must not import the unsubscribe service to show its message.
import { msg } from "./translate";

/** What an unsubscribe link that is not ours (or was tampered with) says, on the page and to mail clients. */
export const UNSUBSCRIBE_LINK_INVALID = msg("This unsubscribe link is not valid.");
