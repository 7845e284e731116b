import { NEAR_RADII_KM } from "@worker/core/shared/area-cells";
import { formatKm } from "@worker/core/shared/distance-format";
import { PAGE_SIZES } from "@worker/core/shared/rules";
import { useState } from "react";
import { Form, Link, useNavigate, useSubmit } from "react-router";
import { useI18n } from "~/core/i18n";

// "Wanted, near you" rides in this deferred chunk: /library's first JavaScript names one chunk to load later, not two.
export { WantedNear } from "~/features/wanted";

export interface LibraryFilterState {
  near: "area" | "position" | null;
  hasArea: boolean;
  radius: number | null;
  available: boolean;
  /** The chosen language and age group ("" for any), and their choices, named by the loader in the reader's language. */
  language: string;
  ageGroupFine: string;
  languages: { value: string; label: string }[];
  ageGroups: { value: string; label: string }[];
  limit: number;
  /** Links the loader writes from the page's URL: the two orders, and what the form carries along. */
  newestHref: string;
  nearHref: string;
  keep: [string, string][];
  /** "Near me" was asked for by a member with no area to measure from: the filters say where to set one. */
  needsArea: boolean;
}

/** The map of the same place: a one-off position and the radius go along . */
function mapHref(state: LibraryFilterState): string {
  const query = new URLSearchParams(state.keep.filter(([name]) => name === "lat" || name === "lon"));
  if (state.radius) query.set("radius", String(state.radius));
  return query.size ? `/library/map?${query}` : "/library/map";
}

/**
 * The library's order and filters: Newest or Near me (from the member's area, or a position the
 * browser gives for this visit only, rounded to 0.01° before it leaves the device), a radius,
 * the book's language and age group, "Available now" and the page size. Plain links and a GET form
 * (plain selects), so they work before scripts load.
 */
export function LibraryFilters({ state }: { state: LibraryFilterState }) {
  const { t, locale } = useI18n();
  const submit = useSubmit();
  const navigate = useNavigate();
  const [locating, setLocating] = useState<string | null>(null);
  async function locate() {
    setLocating("busy");
    // The geolocation helpers load only when asked for.
    const { coarsePosition, currentPosition } = await import("~/features/geo");
    try {
      const { latitude, longitude } = coarsePosition((await currentPosition()).coords);
      await navigate(`${state.nearHref}&lat=${latitude}&lon=${longitude}`);
      setLocating(null);
    } catch {
      setLocating("failed");
    }
  }
  const tab = "inline-flex min-h-11 items-center px-3 text-sm font-semibold ";
  const [nearClass, newestClass] = state.near ? [`${tab}bg-brand-700 text-white`, tab] : [tab, `${tab}bg-brand-700 text-white`];
  return (
    <Form method="get" className="flex flex-wrap items-center gap-3" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      <nav aria-label={t("Order")} className="flex overflow-hidden rounded-lg border border-stone-300 bg-white">
        <Link to={state.newestHref} aria-current={!state.near || undefined} className={newestClass}>
          {t("Newest")}
        </Link>
        {state.hasArea ? (
          <Link to={state.nearHref} aria-current={Boolean(state.near) || undefined} className={nearClass}>
            {t("Near me")}
          </Link>
        ) : (
          <button type="button" onClick={locate} disabled={locating === "busy"} className={nearClass}>
            {t(locating === "busy" ? "Locating…" : "Near me")}
          </button>
        )}
      </nav>
      <Link to={mapHref(state)} className="inline-flex items-center min-h-11 text-sm font-semibold text-brand-800 underline">
        {t("Map")}
      </Link>
      {state.keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.near && (
        <label className="flex items-center gap-2 text-sm">
          {t("Within")}
          <select name="radius" defaultValue={state.radius ?? ""} className="field w-auto py-2">
            <option value="">{t("Anywhere")}</option>
            {NEAR_RADII_KM.map((km) => (
              <option key={km} value={km}>
                {formatKm(locale, km)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex items-center gap-2 text-sm">
        {t("Book language")}
        {/* Bounded, so a long name ("Chinese (Traditional)") never widens a phone's page; the open list shows it whole. */}
        <select id="library-language" name="language" defaultValue={state.language} className="field w-auto max-w-48 py-2">
          <option value="">{t("Any language")}</option>
          {state.languages.map((choice) => (
            // Named by Intl.DisplayNames in the reader's language, as dates are by Intl: not catalogue text.
            <option key={choice.value} value={choice.value} translate="no">
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        {t("Age group")}
        <select id="library-ageGroupFine" name="ageGroupFine" defaultValue={state.ageGroupFine} className="field w-auto py-2">
          <option value="">{t("Any age")}</option>
          {state.ageGroups.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="available" value="1" defaultChecked={state.available} className="size-5" />
        {t("Available now")}
      </label>
      <label className="flex items-center gap-2 text-sm">
        {t("Per page")}
        <select name="limit" defaultValue={state.limit} className="field w-auto py-2">
          {PAGE_SIZES.map((size) => (
            <option key={size}>{size}</option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="btn btn-secondary">
          {t("Apply")}
        </button>
      </noscript>
      {state.near && (
        <p className="text-sm">{t(state.near === "area" ? "Sorted by distance from your area." : "Sorted by distance from about where you are.")}</p>
      )}
      {state.needsArea && (
        <p role="status" className="basis-full text-sm text-stone-800">
          {t("Set your area on your profile to see what is near you.")}{" "}
          <Link to="/profile#my-area" className="font-semibold underline">
            {t("Set my area")}
          </Link>
        </p>
      )}
      {locating === "failed" && (
        <p role="alert" className="text-sm text-red-800">
          {t("Could not get your location. Please try again.")}
        </p>
      )}
    </Form>
  );
}

// The start card rides in this chunk: a new member's library loads it with the filters, not in its first JavaScript.
export { StartCard } from "./start-card";
