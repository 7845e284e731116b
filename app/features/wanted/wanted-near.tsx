import type { WantedNearCard } from "@worker/features/wanted";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { BookCard } from "~/features/books";

/**
 * /library's "Wanted, near you": copies of the member's wanted books free to borrow within their radius,
 * nearest first, as the library's own cards with their distance. Shown above the listing only when there are any.
 */
export function WantedNear({ items }: { items: (WantedNearCard & { due?: null })[] }) {
  const t = useT();
  return (
    <section aria-labelledby="wanted-near-heading" className="space-y-3 rounded-xl bg-brand-50 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="wanted-near-heading" className="font-serif text-xl font-semibold">
          {t("Wanted, near you")}
        </h2>
        <Link to="/wanted" className="text-sm font-medium text-brand-700 hover:underline">
          {t("My wanted books")}
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {items.map((book) => (
          <BookCard key={book.bookId} book={book} layout="grid" isClubMember note={t("You want this")} />
        ))}
      </ul>
    </section>
  );
}
