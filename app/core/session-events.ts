/**
 * Raised on window when the API answers 401 or 403; the root listens and signs the member out.
 * Its own module, so the listener every page loads does not pull in the API client.
 */
export const SESSION_EXPIRED_EVENT = "session-expired";

let unheard = false;

/**
 * Says the session has ended (a 401/403 from the API, or the inbox's "signed-out"). Remembered until
 * the listener takes it: the listener loads after hydration, and an expiry must not be lost before.
 */
export function raiseSessionExpired(status: number): void {
  unheard = true;
  window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: { status } }));
}

/** Whether an expiry was raised that no listener has handled yet (taken once). */
export function takeUnheardExpiry(): boolean {
  const was = unheard;
  unheard = false;
  return was;
}

// Long enough for a sign-out's round trip on a slow network, short enough that a sign-out that failed
// (offline, or a deletion the form refused) soon lets a real expiry warn again.
let ownSignOutAt = 0;

/**
 * This tab asked to end its session (Logout, "Sign out everywhere", deleting the account, the
 * expiry handler's own sign-out). The server then closes this tab's sockets too (a copy of the
 * session must hear nothing more), and this tab must not take its own sign-out for an expiry.
 * Per tab: the browser's other tabs still warn and go to sign-in.
 */
export const noteOwnSignOut = () => {
  ownSignOutAt = Date.now();
};

/** Whether this tab's own sign-out is under way (the last 20 s), so "your session ended" is no news. */
export const signingOutHere = () => Date.now() - ownSignOutAt < 20_000;
