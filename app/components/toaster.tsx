import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

export type ToastType = "success" | "error" | "warning" | "info";
export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}
interface ToastApi {
  notify: (type: ToastType, message: string, durationMs?: number) => void;
}

const ToastContext = createContext<ToastApi>({ notify: () => {} });
export const useToast = () => useContext(ToastContext);

export const DEFAULT_TOAST_MS = 5000;

const STYLES: Record<ToastType, string> = {
  success: "border-emerald-700 bg-emerald-50 text-emerald-900",
  error: "border-red-700 bg-red-50 text-red-900",
  warning: "border-amber-600 bg-amber-50 text-amber-900",
  info: "border-sky-700 bg-sky-50 text-sky-900",
};

export function Toaster({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const notify = useCallback<ToastApi["notify"]>(
    (type, message, durationMs = DEFAULT_TOAST_MS) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, type, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo(() => ({ notify }), [notify]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
            data-toast={toast.type}
            className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${STYLES[toast.type]}`}
          >
            <p className="flex-1 text-sm font-medium">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="-m-1 rounded p-1 text-lg leading-none"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
