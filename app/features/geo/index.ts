// The server's rule (worker/features/geo), so a form shows what others will see.
export { coarsenLocationText } from "@worker/core/shared/coarse-place";
export { LocateButton } from "./locate-button";
export { RadiusMap, type RadiusMapData } from "./radius-map";
export { type CoarsePosition, coarsePosition, currentPosition, GEOLOCATION_MESSAGES, useGeolocation } from "./use-geolocation";
