/**
 * Raised on window when the API answers 401 or 403; the root listens and signs the member out.
 * Its own module, so the listener every page loads does not pull in the API client.
 */
export const SESSION_EXPIRED_EVENT = "session-expired";
