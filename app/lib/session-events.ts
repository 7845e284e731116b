/**
 * Raised on window when the API answers 401 or 403; the root listens and signs the member out.
 * Its own module, so the listener every page loads does not pull in the API client.
 */
export const SESSION_EXPIRED_EVENT = "session-expired";

/**
 * Long enough for a sign-out's round trip on a slow network, short enough that a sign-out that
 * failed (offline, or a deletion the form refused) soon lets a real expiry warn again.
 */
const OWN_SIGN_OUT_MS = 20_000;
let ownSignOutAt = Number.NEGATIVE_INFINITY;

/**
 * This tab asked to end its session (Logout, "Sign out everywhere", deleting the account, the
 * expiry handler's own sign-out). The server then closes this tab's sockets too (a copy of the
 * session must hear nothing more), and this tab must not take its own sign-out for an expiry.
 * Per tab: the browser's other tabs still warn and go to sign-in.
 */
export function noteOwnSignOut(): void {
  ownSignOutAt = Date.now();
}

/** Whether this tab's own sign-out is under way, so "your session ended" is no news to warn about. */
export const signingOutHere = (): boolean => Date.now() - ownSignOutAt < OWN_SIGN_OUT_MS;
