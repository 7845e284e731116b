// What other features may use of geo. Its API (GET /api/geo/reverse) is mounted by worker/api.ts.

// The rule for any free-text place others see (clubs' locations; the coming "books near you" area).
export { coarsenLocationText, roundToKm } from "@worker/core/shared/coarse-place";

import "./geo-events";

export { placeMapView } from "./api-schemas";
export { type GeocodeRequest, geocodePlaceText, geocodeRequestOf } from "./geocoding";
export { clearMemberArea, findMemberArea, originCell, setMemberArea, setMemberAreaSchema, viewerCell } from "./member-area";
export { memberAreaDataPart, memberAreaDeletionPart } from "./member-area-account";
export { NEAR_ME_HALF, NEAR_ME_NO_AREA, nearQueryFields } from "./near-position";
