import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "~/core/i18n";
import { coarsePosition, currentPosition, GEOLOCATION_MESSAGES } from "~/features/geo";

/**
 * Browse Clubs' "Near me": asks the browser for its position only when pressed, rounds it to 0.01°
 * (about 1 km) here, before it leaves the device, and puts it in the page's query; the server sorts
 * by it and stores nothing. A member with an area (/profile) is sorted by it instead, without asking
 * the browser. When the list is sorted by distance, "Newest first" goes back.
 */
export function NearMe({
  sorted,
  hasArea,
  notPlaced = null,
  search = "",
}: {
  sorted: "area" | "position" | "unplaced" | null;
  hasArea: boolean;
  /** Sorted by distance: how many clubs have no place, so are not in this order (the note links to them). */
  notPlaced?: number | null;
  search?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<{ busy: boolean; failed: string | null }>({ busy: false, failed: null });
  async function locate() {
    if (!("geolocation" in navigator)) return setState({ busy: false, failed: t(GEOLOCATION_MESSAGES.unsupported) });
    setState({ busy: true, failed: null });
    try {
      const { latitude, longitude } = coarsePosition((await currentPosition()).coords);
      setState({ busy: false, failed: null });
      await navigate(`/clubs/browse?${new URLSearchParams({ lat: String(latitude), lon: String(longitude) })}`);
    } catch {
      setState({ busy: false, failed: t("Could not get your location. Please try again.") });
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {sorted ? (
        <>
          <p className="text-sm text-stone-700">
            {sorted === "unplaced"
              ? t("Clubs with no place set, newest first.")
              : sorted === "area"
                ? t("Sorted by distance from your area.")
                : t("Sorted by distance from about where you are.")}
          </p>
          <Link to="/clubs/browse" className="btn btn-secondary">
            {t("Newest first")}
          </Link>
          {sorted !== "unplaced" && notPlaced !== null && notPlaced > 0 && (
            <p className="w-full text-sm text-stone-700">
              {t(
                "{count, plural, one {# club has no place set, so it is not in this list.} other {# clubs have no place set, so they are not in this list.}}",
                {
                  count: notPlaced,
                },
              )}{" "}
              <Link
                to={`/clubs/browse?${new URLSearchParams({ ...(search ? { search } : {}), unplaced: "1" })}`}
                className="font-medium text-brand-700 underline"
              >
                {t("{count, plural, one {Show it} other {Show them}}", { count: notPlaced })}
              </Link>
            </p>
          )}
        </>
      ) : hasArea ? (
        <Link to="/clubs/browse?near=me" className="btn btn-secondary">
          {t("Near me")}
        </Link>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={locate} disabled={state.busy}>
          {state.busy ? t("Locating…") : t("Near me")}
        </button>
      )}
      {state.failed && (
        <p role="alert" className="text-sm text-red-800">
          {state.failed}
        </p>
      )}
    </div>
  );
}
