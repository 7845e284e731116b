import { mapTileSettings, readConfig } from "@worker/core/config";
import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, NEAR_RADII_KM } from "@worker/core/shared/area-cells";
import { MAP_DEFAULT_RADIUS_KM, mapQuerySchema } from "@worker/features/books";
import { originCell } from "@worker/features/geo";
import { queryFromUrl } from "~/core/url-query.server";
import type { MapMarker } from "~/ui/place-map";

/** One map's tiles around a cell within a radius (the library's books, the clubs). */
type ReadTiles = (ctx: ServiceContext, origin: Cell, radiusKm: number) => Promise<{ centre: { lat: number; lon: number }; tiles: MapMarker[] }>;

/**
 * A map page's data: the 0.1° tiles around a one-off position in the URL (rounded to 0.01° on arrival,
 * never stored) or else the member's area, within a radius; a bad parameter falls back to its default.
 * `placed`: whether there was a place to measure from (the cell itself stays here).
 */
export async function loadRadiusMap(ctx: ServiceContext, request: Request, readTiles: ReadTiles) {
  const query = queryFromUrl(mapQuerySchema, new URL(request.url).searchParams, ["lat", "lon", "radius"], { radius: MAP_DEFAULT_RADIUS_KM });
  const position = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
  // The member's area is read only when no position was given.
  const origin = await originCell(ctx, query);
  const map = origin ? await readTiles(ctx, origin, query.radius) : null;
  const tileSettings = mapTileSettings(readConfig(ctx.env));
  return {
    placed: origin !== null,
    map: {
      mode: position ? ("position" as const) : origin ? ("area" as const) : null,
      radius: query.radius,
      // From the loader, so the page's chunk shares no module with /library's filters (which would split it out).
      radii: [...NEAR_RADII_KM],
      // The position goes back to the tiles' list requests as it came (already rounded to 0.01°).
      position,
      centre: map?.centre ?? null,
      tiles: map?.tiles ?? [],
      tileUrl: tileSettings.url,
      attribution: tileSettings.attribution,
    },
  };
}
