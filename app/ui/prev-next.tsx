import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { BackArrow, NextArrow } from "./icons";

/** Prev / Next links for keyset paging; a missing href shows the button as unavailable. */
export function PrevNext({ prevHref, nextHref, keepScroll = false }: { prevHref: string | null; nextHref: string | null; keepScroll?: boolean }) {
  const t = useT();
  return (
    <div className="flex gap-2">
      {prevHref ? (
        <Link className="btn btn-secondary" to={prevHref} preventScrollReset={keepScroll}>
          <BackArrow /> {t("Prev")}
        </Link>
      ) : (
        <span className="btn btn-secondary opacity-50" aria-disabled="true">
          <BackArrow /> {t("Prev")}
        </span>
      )}
      {nextHref ? (
        <Link className="btn btn-secondary" to={nextHref} preventScrollReset={keepScroll}>
          {t("Next")} <NextArrow />
        </Link>
      ) : (
        <span className="btn btn-secondary opacity-50" aria-disabled="true">
          {t("Next")} <NextArrow />
        </span>
      )}
    </div>
  );
}
