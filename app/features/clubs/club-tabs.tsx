import { msg } from "@worker/core/shared/translate";
import { Link } from "react-router";
import { useT } from "~/core/i18n";

const TABS = [
  { key: "mine", label: msg("My Clubs"), to: "/clubs" },
  { key: "browse", label: msg("Browse Clubs"), to: "/clubs/browse" },
] as const;

/** The two club pages are separate URLs, so the tabs are links (aria-current), not an ARIA tablist. */
export function ClubTabs({ current }: { current: (typeof TABS)[number]["key"] }) {
  const t = useT();
  return (
    <nav aria-label={t("Club sections")} className="flex border-b border-stone-300">
      {TABS.map((tab) => {
        const active = tab.key === current;
        return (
          <Link
            key={tab.key}
            to={tab.to}
            aria-current={active ? "page" : undefined}
            className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 py-2 ${
              active ? "border-brand-700 font-semibold text-brand-800" : "border-transparent text-stone-700 hover:text-stone-900"
            }`}
          >
            {t(tab.label)}
          </Link>
        );
      })}
    </nav>
  );
}
