import type { OtherCopies as Copies } from "@worker/features/books/other-copies";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { DistanceNote } from "./distance-note";
import { StatusBadge } from "./status-badge";

/**
 * "Other copies near you" on a book page: each copy's owner, distance, status and its one borrow
 * action (the loans feature's, which the page passes in). Below the fold: a deferred part.
 */
export function OtherCopies({
  copies,
  viewerId,
  borrow,
}: {
  copies: Copies;
  viewerId: string | null;
  borrow: (copy: Copies["items"][number]) => React.ReactNode;
}) {
  const t = useT();
  if (copies.items.length === 0) return null;
  return (
    <section aria-labelledby="other-copies" className="space-y-3">
      <h2 id="other-copies" className="font-serif text-xl font-semibold">
        {t("Other copies near you")}
      </h2>
      <p className="text-sm text-stone-700">{t("{count, plural, one {# other copy} other {# other copies}}", { count: copies.total })}</p>
      <ul className="space-y-2">
        {copies.items.map((copy) => (
          <li key={copy.bookId} className="card flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-0 flex-1 space-y-1">
              <Link to={`/books/${copy.bookId}`} className="font-semibold hover:underline">
                {t("{owner}'s copy", { owner: copy.userName })}
              </Link>
              {copy.distanceKm !== undefined && <DistanceNote km={copy.distanceKm} />}
              <StatusBadge status={copy.status} />
            </div>
            {copy.status === "available" && !copy.membersOnly && copy.userId !== viewerId && borrow(copy)}
          </li>
        ))}
      </ul>
    </section>
  );
}
