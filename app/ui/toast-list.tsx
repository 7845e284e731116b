import { useT } from "~/core/i18n";
import type { Toast, ToastType } from "./toast-types";

const STYLES: Record<ToastType, string> = {
  success: "border-emerald-700 bg-emerald-50 text-emerald-900",
  error: "border-red-700 bg-red-50 text-red-900",
  warning: "border-amber-600 bg-amber-50 text-amber-900",
  info: "border-sky-700 bg-sky-50 text-sky-900",
};

/** The toasts on screen; loaded with the first one, since most visits never show a toast. */
export default function ToastList({ toasts, dismiss }: { toasts: Toast[]; dismiss: (id: number) => void }) {
  const t = useT();
  return toasts.map((toast) => (
    <div
      key={toast.id}
      role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
      data-toast={toast.type}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-s-4 p-3 shadow-lg ${STYLES[toast.type]}`}
    >
      <p className="flex-1 text-sm font-medium">{toast.message}</p>
      <button type="button" onClick={() => dismiss(toast.id)} className="-m-1 rounded p-1 text-lg leading-none" aria-label={t("Dismiss notification")}>
        ×
      </button>
    </div>
  ));
}
