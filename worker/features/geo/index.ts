// What other features may use of geo. Its API (GET /api/geo/reverse) is mounted by worker/api.ts.
export { geocodePlaceText, type GeocodeRequest } from "./geocoding";
