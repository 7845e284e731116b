import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { Flash } from "~/core/flash.server";
import type { Toast, ToastType } from "./toast-types";

interface ToastApi {
  notify: (type: ToastType, message: string, durationMs?: number) => void;
}

const ToastContext = createContext<ToastApi>({ notify: () => {} });
export const useToast = () => useContext(ToastContext);

export const DEFAULT_TOAST_MS = 5000;

// The live region is on every page so screen readers hear the first toast; what draws the toasts
// comes with the first one. Should that fail (offline, no saved copy), the message is still said.
const ToastList = lazy(() =>
  import("./toast-list").catch(() => ({
    default: ({ toasts }: { toasts: Toast[] }) => toasts.map((toast) => <p key={toast.id}>{toast.message}</p>),
  })),
);

/** Holds the toasts, and shows the one-shot message an action left before redirecting (e.g. 'Book deleted'). */
export function Toaster({ flash, children }: { flash: Flash | null; children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  // A toast closed early leaves its timer running: the timer's dismiss then finds nothing to remove.
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const notify = useCallback<ToastApi["notify"]>(
    (type, message, durationMs = DEFAULT_TOAST_MS) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, type, message }]);
      setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );

  useEffect(() => {
    if (flash) notify(flash.type, flash.message);
  }, [flash, notify]);

  const api = useMemo(() => ({ notify }), [notify]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4" aria-live="polite">
        {toasts.length > 0 && (
          <Suspense>
            <ToastList toasts={toasts} dismiss={dismiss} />
          </Suspense>
        )}
      </div>
    </ToastContext.Provider>
  );
}
