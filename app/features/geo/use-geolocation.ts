// Browser-side: 'Use my location' for the club form. No server imports: this module ships to the client.

import { coarsenLocationText, roundToKm } from "@worker/core/shared/coarse-place";
import { msg } from "@worker/core/shared/translate";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/core/api-client";
import { useT } from "~/core/i18n";

/** docs/product.md#location: 10 s timeout, high accuracy, a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 10_000, enableHighAccuracy: true, maximumAge: 300_000 };
/** How long 'Location detected successfully!' stays. */
export const LOCATION_SUCCESS_MS = 3000;

/**
 * Catalogue texts of the geo namespace: a page that shows them names "geo" in its pageMessages and
 * writes them with t(); useGeolocation's state carries them written already.
 */
export const GEOLOCATION_MESSAGES = {
  unsupported: msg("Geolocation is not supported by this browser"),
  denied: msg("Location access denied. Please enter location manually."),
  unavailable: msg("Location information unavailable. Please enter manually."),
  timeout: msg("Location request timed out. Please try again or enter manually."),
  failed: msg("An error occurred while getting location. Please enter manually."),
  noDetails: msg("Could not get location details. Please enter manually."),
  detected: msg("Location detected successfully!"),
} as const;

export type GeolocationState = { phase: "idle" } | { phase: "locating" } | { phase: "detected"; message: string } | { phase: "failed"; message: string };

/** GeolocationPositionError codes: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT. */
function positionErrorMessage(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : null;
  switch (code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.failed;
  }
}

/** A position rounded to 0.01° (about 1 km): all a club's place or "near me" ever sends or keeps. */
export interface CoarsePosition {
  latitude: number;
  longitude: number;
}
export const coarsePosition = (coords: { latitude: number; longitude: number }): CoarsePosition => ({
  latitude: roundToKm(coords.latitude),
  longitude: roundToKm(coords.longitude),
});

export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS));
}

/**
 * 'Use my location': asks the browser for a position only when pressed (so permission is asked
 * then, never on page load), turns it into place text through our Worker (GET /api/geo/reverse,
 * which falls back to coordinates), and hands the text to `onLocation` with the position rounded
 * to 0.01° (a club may keep that coarse position; never the member's own), coordinates in the text
 * rounded alike. The coordinates leave the
 * device rounded to 4 decimals (about 11 m), more than a town name needs, and are never stored. The
 * state's messages are written in the page's language (the page sends the "geo" catalogue).
 */
export function useGeolocation(onLocation: (location: string, position: CoarsePosition) => void) {
  const [state, setState] = useState<GeolocationState>({ phase: "idle" });
  const t = useT();
  const translator = useRef(t);
  useEffect(() => {
    translator.current = t;
  });
  const callback = useRef(onLocation);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    callback.current = onLocation;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(clearTimer.current);
    };
  }, []);

  const locate = useCallback(async () => {
    clearTimeout(clearTimer.current);
    if (!("geolocation" in navigator)) {
      setState({ phase: "failed", message: translator.current(GEOLOCATION_MESSAGES.unsupported) });
      return;
    }
    setState({ phase: "locating" });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (error) {
      if (!mounted.current) return;
      setState({ phase: "failed", message: translator.current(positionErrorMessage(error)) });
      return;
    }
    const query = { lat: position.coords.latitude.toFixed(4), lon: position.coords.longitude.toFixed(4) };
    try {
      const { location } = await apiFetch("/geo/reverse", { query }, GEOLOCATION_MESSAGES.noDetails);
      if (!mounted.current) return;
      if (typeof location !== "string" || !location) throw new Error("no location text");
      // Coordinates in the text (the fallback, or a maps service's odd answer) are shown as others will see them.
      callback.current(coarsenLocationText(location), coarsePosition(position.coords));
      setState({ phase: "detected", message: translator.current(GEOLOCATION_MESSAGES.detected) });
      clearTimer.current = setTimeout(() => setState({ phase: "idle" }), LOCATION_SUCCESS_MS);
    } catch {
      if (mounted.current) setState({ phase: "failed", message: translator.current(GEOLOCATION_MESSAGES.noDetails) });
    }
  }, []);

  return { state, locate };
}
