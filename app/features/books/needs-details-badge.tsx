import { missingDetails } from "@worker/core/shared/book-listing";
import { msg } from "@worker/core/shared/translate";
import { useT } from "~/core/i18n";

const NEEDS = {
  "title,author": msg("Needs details: title and author"),
  title: msg("Needs details: title"),
  author: msg("Needs details: author"),
  "": msg("Needs details"),
} as const;

/**
 * The owner's "Needs details" badge, naming what the book still lacks; a book without a title is on
 * their shelf only until it has one (docs/decisions/024-listed-only-with-a-title.md).
 */
export function NeedsDetailsBadge({ book }: { book: { title: string; author: string; analysisState: string } }) {
  const t = useT();
  const missing = missingDetails(book);
  if (book.analysisState !== "needs_details" && missing[0] !== "title") return null;
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t(NEEDS[missing.join(",") as keyof typeof NEEDS])}</span>
  );
}
