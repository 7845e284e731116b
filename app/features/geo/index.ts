export { coarsePosition, currentPosition, GEOLOCATION_MESSAGES, useGeolocation, type CoarsePosition } from "./use-geolocation";
