import { OFFLINE_ACTION, OFFLINE_NOTICE, UPDATE_NOTICE, VISITOR } from "@worker/core/shared/offline";
import { isAppPath, PUSH_OPEN_MESSAGE } from "@worker/core/shared/push-payload";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useT } from "~/core/i18n";
import { useToast } from "~/ui/toaster";
import { holdNavigationWhileOffline } from "./offline-navigation";
import { announceViewer, registerServiceWorker, savePage } from "./service-worker-client";

/** Checks for a new version this often while the app stays open (an installed app can stay open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * The installable app's part of every page, loaded after the page itself: registers the service
 * worker (built apps only), says when a new version waits, shows the offline state, and opens the
 * page of a notification the worker could not navigate to itself. Its words
 * come with the root's data (the "pwa" catalogue, and the notices' in "core").
 */
export default function AppStatus({ viewer }: { viewer: string | null }) {
  const online = useOnline();
  const { notify } = useToast();
  const t = useT();
  // The offline warning is written when it is shown, in the page's language then (each page brings its own messages).
  const translator = useRef(t);
  useEffect(() => {
    translator.current = t;
  });
  const [acceptUpdate, setAcceptUpdate] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    // After load: the worker's first install downloads the whole app, which must not slow the page.
    const register = () =>
      registerServiceWorker((accept) => setAcceptUpdate(() => accept)).then(
        (registration) => {
          if (registration) timer = setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
        },
        () => {},
      );
    if (document.readyState === "complete") void register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      window.removeEventListener("load", register);
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (!import.meta.env.DEV) void announceViewer(viewer ?? VISITOR);
  }, [viewer]);

  // A notification was clicked and the worker could not take this page there itself.
  const navigate = useNavigate();
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const open = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type === PUSH_OPEN_MESSAGE && typeof data.url === "string" && isAppPath(data.url)) void navigate(data.url);
    };
    navigator.serviceWorker.addEventListener("message", open);
    return () => navigator.serviceWorker.removeEventListener("message", open);
  }, [navigate]);

  // Pages reached by links inside the app (the first one came through the worker already).
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigator.onLine) savePage(pathname + search);
  }, [pathname, search]);

  useEffect(() => {
    document.documentElement.toggleAttribute("data-offline", !online);
    if (online) return;
    return holdNavigationWhileOffline(() => notify("warning", translator.current(OFFLINE_ACTION)));
  }, [online, notify]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-4 md:bottom-4">
      <p role="status" className="pointer-events-auto rounded-full bg-stone-900 px-4 py-2 text-sm font-medium text-white shadow-lg empty:hidden">
        {online ? "" : t(OFFLINE_NOTICE)}
      </p>
      {acceptUpdate && (
        <div role="alert" className="pointer-events-auto flex items-center gap-3 rounded-lg bg-white px-4 py-3 text-sm shadow-lg ring-1 ring-stone-200">
          <span>{t(UPDATE_NOTICE)}</span>
          <button type="button" className="btn btn-primary" onClick={acceptUpdate}>
            {t("Reload")}
          </button>
        </div>
      )}
    </div>
  );
}
