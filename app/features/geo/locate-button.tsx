import { useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "~/core/i18n";
import { coarsePosition, currentPosition } from "./use-geolocation";

/**
 * "Use my location" for one visit: the browser's position, rounded to 0.01° before it leaves the
 * device, goes into the page's address (`to` builds it); nothing is stored.
 */
export function LocateButton({ to }: { to: (lat: number, lon: number) => string }) {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  async function locate() {
    setState("busy");
    try {
      const { latitude, longitude } = coarsePosition((await currentPosition()).coords);
      await navigate(to(latitude, longitude));
      setState("idle");
    } catch {
      setState("failed");
    }
  }
  return (
    <div className="space-y-2">
      <button type="button" onClick={locate} disabled={state === "busy"} className="btn btn-primary">
        {t(state === "busy" ? "Locating…" : "Use my location")}
      </button>
      {state === "failed" && (
        <p role="alert" className="text-sm text-red-800">
          {t("Could not get your location. Please try again.")}
        </p>
      )}
    </div>
  );
}
