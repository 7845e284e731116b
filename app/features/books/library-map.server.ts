import { mapTileSettings, readConfig } from "@worker/core/config";
import { NEAR_RADII_KM } from "@worker/core/shared/area-cells";
import { MAP_DEFAULT_RADIUS_KM, mapQuerySchema, readMapTiles } from "@worker/features/books/library-map";
import { originCell } from "@worker/features/geo";
import type { RouterContextProvider } from "react-router";
import { serviceContext } from "~/core/route-context.server";
import { queryFromUrl } from "~/core/url-query.server";

/**
 * /library/map: the 0.1° tiles around my area, or around a one-off position in the URL (rounded to
 * 0.01° on arrival, never stored), within a radius. A bad parameter falls back to its default.
 */
export async function loadLibraryMap(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  const ctx = serviceContext(context);
  const query = queryFromUrl(mapQuerySchema, url.searchParams, ["lat", "lon", "radius"], {
    radius: MAP_DEFAULT_RADIUS_KM,
  });
  const position = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
  // The member's area is read only when no position was given.
  const origin = await originCell(ctx, query);
  const map = origin ? await readMapTiles(ctx, origin, query.radius) : null;
  const tileSettings = mapTileSettings(readConfig(ctx.env));
  // The list of the same place: /library sorted by distance from it.
  const list = new URLSearchParams(position ? { lat: String(position.lat), lon: String(position.lon) } : origin ? { near: "me" } : {});
  if (origin) list.set("radius", String(query.radius));
  return {
    mode: position ? ("position" as const) : origin ? ("area" as const) : null,
    signedIn: Boolean(ctx.user),
    radius: query.radius,
    // From the loader, so the page's chunk shares no module with /library's filters (which would split it out).
    radii: [...NEAR_RADII_KM],
    // The position goes back to the tile books' requests as it came (already rounded to 0.01°).
    position,
    centre: map?.centre ?? null,
    tiles: map?.tiles ?? [],
    tileUrl: tileSettings.url,
    attribution: tileSettings.attribution,
    listHref: `/library?${list}`,
  };
}
