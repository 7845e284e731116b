import { Link } from "react-router";

/** Prev / Next links for keyset paging; a missing href shows the button as unavailable. */
export function PrevNext({ prevHref, nextHref, keepScroll = false }: { prevHref: string | null; nextHref: string | null; keepScroll?: boolean }) {
  return (
    <div className="flex gap-2">
      {prevHref ? (
        <Link className="btn btn-secondary" to={prevHref} preventScrollReset={keepScroll}>
          ← Prev
        </Link>
      ) : (
        <span className="btn btn-secondary opacity-50" aria-disabled="true">
          ← Prev
        </span>
      )}
      {nextHref ? (
        <Link className="btn btn-secondary" to={nextHref} preventScrollReset={keepScroll}>
          Next →
        </Link>
      ) : (
        <span className="btn btn-secondary opacity-50" aria-disabled="true">
          Next →
        </span>
      )}
    </div>
  );
}
