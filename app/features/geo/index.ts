export { coarsePosition, currentPosition, GEOLOCATION_MESSAGES, useGeolocation, type CoarsePosition } from "./use-geolocation";
// The server's rule (worker/features/geo), so a form shows what others will see.
export { coarsenLocationText } from "@worker/core/shared/coarse-place";
