import { msg } from "@worker/core/shared/translate";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { noteOwnSignOut, SESSION_EXPIRED_EVENT, signingOutHere, takeUnheardExpiry } from "~/core/session-events";
import { useToast } from "./toaster";

/** The warning stays for 7000 ms (docs/product.md#sign-in). */
const NOTICE_MS = 7000;
export const SESSION_EXPIRED_MESSAGE = msg("Your session has expired. Please sign in again to continue.");

/**
 * Listens for the session-expired event (any 401/403 from apiFetch): shows the warning once, signs the
 * browser out on the server (the cookie may still name a dead session) and goes to /login, with the
 * current page as the way back. Not while this tab is signing itself out: its own sockets are closed
 * and its requests refused then, and it is already on its way to the signed-out page.
 */
export function SessionExpiredListener() {
  const { notify } = useToast();
  const t = useT();
  const fetcher = useFetcher();
  useEffect(() => {
    function onExpired() {
      takeUnheardExpiry();
      // Several requests can fail together: the first starts this tab's own sign-out, which the rest
      // (and the sockets it closes) then find under way, so there is one notice and one sign-out.
      if (signingOutHere()) return;
      noteOwnSignOut();
      notify("warning", t(SESSION_EXPIRED_MESSAGE), NOTICE_MS);
      // The page on screen when the session ran out is the way back.
      const here = location.pathname + location.search;
      const login = here.startsWith("/login") ? "/login" : `/login?redirectTo=${encodeURIComponent(here)}`;
      void fetcher.submit(null, { method: "post", action: `/logout?redirectTo=${encodeURIComponent(login)}` });
    }
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    // One raised before this listener had loaded (it comes after hydration).
    if (takeUnheardExpiry()) onExpired();
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [notify, fetcher, t]);

  return null;
}
