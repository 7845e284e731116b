// The server's rule (worker/features/geo), so a form shows what others will see.
export { coarsenLocationText } from "@worker/core/shared/coarse-place";
export { LocateButton } from "./locate-button";
export { MapRadiusForm } from "./map-radius-form";
export { type CoarsePosition, coarsePosition, currentPosition, GEOLOCATION_MESSAGES, useGeolocation } from "./use-geolocation";
