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
export function NearMe({ sorted, hasArea }: { sorted: "area" | "position" | null; hasArea: boolean }) {
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
            {sorted === "area" ? t("Sorted by distance from your area.") : t("Sorted by distance from about where you are.")}
          </p>
          <Link to="/clubs/browse" className="btn btn-secondary">
            {t("Newest first")}
          </Link>
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
