import { msg } from "@worker/core/shared/translate";
import type { BookStatus } from "@worker/db/schema";
import { useT } from "~/core/i18n";

const LABELS: Record<BookStatus, string> = {
  available: msg("Available"),
  reading: msg("Reading"),
  borrowed: msg("Lent"),
  giving_away: msg("Giving away"),
};
// The status colours (docs/product.md#statuses): available green, reading yellow, lent blue, giving away pink.
const COLOURS: Record<BookStatus, string> = {
  available: "bg-green-100 text-green-900",
  reading: "bg-yellow-100 text-yellow-900",
  borrowed: "bg-blue-100 text-blue-900",
  giving_away: "bg-pink-100 text-pink-900",
};

/** The status's English label, the catalogue's key: write it with `t(statusLabel(status))`. */
export function statusLabel(status: BookStatus) {
  return LABELS[status];
}

export function StatusBadge({ status }: { status: BookStatus }) {
  const t = useT();
  return (
    <span data-status={status} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${COLOURS[status]}`}>
      {t(LABELS[status])}
    </span>
  );
}

/** A lent book's "Due 12 Dec" or "Overdue 3 days" (overdue in a warning colour), beside its badge. */
export function DueNote({ due }: { due: { text: string; overdue: boolean } | null | undefined }) {
  if (!due) return null;
  return <span className={`ms-2 text-xs ${due.overdue ? "font-semibold text-red-800" : "text-stone-700"}`}>{due.text}</span>;
}
