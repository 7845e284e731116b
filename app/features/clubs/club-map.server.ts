import { mapTileSettings, readConfig } from "@worker/core/config";
import { NEAR_RADII_KM } from "@worker/core/shared/area-cells";
import { MAP_DEFAULT_RADIUS_KM, mapQuerySchema } from "@worker/features/books";
import { readClubTiles } from "@worker/features/clubs/club-map";
import { originCell } from "@worker/features/geo";
import type { RouterContextProvider } from "react-router";
import { memberContext } from "~/core/route-context.server";
import { queryFromUrl } from "~/core/url-query.server";

/**
 * /clubs/map: the 0.1° tiles where clubs meet around my area, or around a one-off position in the
 * URL (rounded to 0.01° on arrival, never stored), within a radius. A bad parameter falls back to its default.
 */
export async function loadClubMap(context: Readonly<RouterContextProvider>, request: Request) {
  const ctx = memberContext(context);
  const query = queryFromUrl(mapQuerySchema, new URL(request.url).searchParams, ["lat", "lon", "radius"], { radius: MAP_DEFAULT_RADIUS_KM });
  const position = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
  // The member's area is read only when no position was given.
  const origin = await originCell(ctx, query);
  const map = origin ? await readClubTiles(ctx, origin, query.radius) : null;
  const tileSettings = mapTileSettings(readConfig(ctx.env));
  return {
    mode: position ? ("position" as const) : origin ? ("area" as const) : null,
    radius: query.radius,
    radii: [...NEAR_RADII_KM],
    position,
    centre: map?.centre ?? null,
    tiles: map?.tiles ?? [],
    tileUrl: tileSettings.url,
    attribution: tileSettings.attribution,
    // The list of the same clubs: Browse Clubs sorted by distance from the same place.
    listHref: position ? `/clubs/browse?lat=${position.lat}&lon=${position.lon}` : origin ? "/clubs/browse?near=me" : "/clubs/browse",
  };
}
