import { type BookDetail, missingDetails } from "@worker/core/shared/book-listing";
import { msg } from "@worker/core/shared/translate";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";

const DETAIL_NAMES: Record<BookDetail, string> = { title: msg("title"), author: msg("author") };

/**
 * The owner's "Needs details" badge, naming what the book still lacks; a book without a title is on
 * their shelf only until it has one (docs/decisions/024-listed-only-with-a-title.md).
 */
export function NeedsDetailsBadge({ book }: { book: { title: string; author: string; analysisState: string } }) {
  const t = useT();
  const { locale } = useReader();
  const missing = missingDetails(book);
  if (book.analysisState !== "needs_details" && missing[0] !== "title") return null;
  const label = missing.length
    ? t("Needs details: {missing}", { missing: new Intl.ListFormat(locale, { type: "conjunction" }).format(missing.map((detail) => t(DETAIL_NAMES[detail]))) })
    : t("Needs details");
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{label}</span>;
}
