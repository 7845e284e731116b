import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellCentre, cellOf, greatCircleKm, shownKm } from "@worker/core/shared/area-cells";
import { msg } from "@worker/core/shared/translate";
import { clubs, memberships } from "@worker/db/schema";
import { encodeTileId, type MapTile, type MapTileKey, minKmToTile, tileCentre } from "@worker/features/books";
import { originCell } from "@worker/features/geo";
import { and, between, desc, eq, gte, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import { type BrowseClub, summaryColumns, toSummary } from "./club-lists";

/**
 * The clubs' map (docs/decisions/021-library-map.md): clubs counted per 0.1° tile, as the
 * library's books are, so one rule holds for everything on the map. A club's own position
 * (0.01°) never leaves the server here; a tile is the finest place named.
 */

export const CLUB_TILE_EMPTY = msg("No clubs meet in this place.");

const LAT_OFFSET = 9000;
const LON_OFFSET = 18000;
const SIDE = 10;
const KM_PER_DEGREE = 111.2;

// The tile of a club's position, in SQL: its 0.01° cell shifted to be non-negative, then integer-divided.
// The constants are written into the SQL: bound, D1 passes them as reals and the division would not be an integer one.
const tileLatOf = sql<number>`(CAST(round(${clubs.latitude} * 100) AS INTEGER) + ${sql.raw(String(LAT_OFFSET))}) / ${sql.raw(String(SIDE))}`;
const tileLonOf = sql<number>`(CAST(round(${clubs.longitude} * 100) AS INTEGER) + ${sql.raw(String(LON_OFFSET))}) / ${sql.raw(String(SIDE))}`;

/** Longitude ranges of a box, split in two where it crosses the antimeridian. */
function lonRanges(lon: number, half: number): [number, number][] {
  if (half >= 180) return [[-180, 180]];
  const lo = lon - half;
  const hi = lon + half;
  if (lo < -180)
    return [
      [lo + 360, 180],
      [-180, hi],
    ];
  if (hi > 180)
    return [
      [lo, 180],
      [-180, hi - 360],
    ];
  return [[lo, hi]];
}

/**
 * The 0.1° tiles holding clubs within `radiusKm` of the origin, nearest first: one range of
 * clubs_position_idx (latitude, then longitude within it), grouped by tile in SQL.
 */
export async function readClubTiles(ctx: ServiceContext, origin: Cell, radiusKm: number): Promise<{ centre: { lat: number; lon: number }; tiles: MapTile[] }> {
  const at = cellCentre(origin);
  // A tile counts when any of it is within the radius: widen the box by one tile.
  const halfLat = radiusKm / KM_PER_DEGREE + SIDE / 100;
  const halfLon = Math.min(180, radiusKm / (KM_PER_DEGREE * Math.max(0.01, Math.cos((Math.min(89, Math.abs(at.lat)) * Math.PI) / 180))) + SIDE / 100);
  const lons = lonRanges(at.lon, halfLon).map(([lo, hi]) => between(clubs.longitude, lo, hi));
  const rows = await ctx.db
    .select({ tileLat: tileLatOf, tileLon: tileLonOf, n: sql<number>`count(*)` })
    .from(clubs)
    .where(and(isNotNull(clubs.latitude), between(clubs.latitude, at.lat - halfLat, at.lat + halfLat), or(...lons)))
    .groupBy(tileLatOf, tileLonOf);
  const tiles: MapTile[] = [];
  for (const row of rows) {
    const key = { tileLat: Number(row.tileLat), tileLon: Number(row.tileLon) };
    if (minKmToTile(at, { level: 1, ...key }) > radiusKm) continue;
    const centre = tileCentre(key);
    tiles.push({ tileId: encodeTileId(key), ...centre, count: Number(row.n), distanceKm: shownKm(greatCircleKm(at, centre)) });
  }
  tiles.sort((a, b) => a.distanceKm - b.distanceKm || a.tileId.localeCompare(b.tileId));
  return {
    centre: tileCentre({ tileLat: Math.floor((origin.cellLat + LAT_OFFSET) / SIDE), tileLon: Math.floor((origin.cellLon + LON_OFFSET) / SIDE) }),
    tiles,
  };
}

export interface TilePageQuery {
  lat?: number;
  lon?: number;
  limit: number;
  nextToken?: number;
}

/**
 * One tile's clubs, newest first (as Browse Clubs lists them, private ones included), each with the
 * viewer's membership and the rounded distance from their area or one-off position. Null when no
 * club meets there.
 */
export async function readClubTile(
  ctx: ServiceContext & { user: { id: string } },
  tile: MapTileKey,
  query: TilePageQuery,
): Promise<{ items: BrowseClub[]; nextToken: string | null } | null> {
  // The tile's cells are hundredths of a degree centred on their value: its edges are half a cell out.
  const latLo = (tile.tileLat * SIDE - LAT_OFFSET - 0.5) / 100;
  const lonLo = (tile.tileLon * SIDE - LON_OFFSET - 0.5) / 100;
  const lonRange = (lo: number): SQL => and(gte(clubs.longitude, lo), lt(clubs.longitude, lo + SIDE / 100))!;
  // The tile of 180° is also that of −180° (they are one meridian).
  const lonWhere = lonLo + SIDE / 100 > 180 ? or(lonRange(lonLo), lonRange(lonLo - 360)) : lonRange(lonLo);
  const [rows, origin] = await Promise.all([
    ctx.db
      .select({ ...summaryColumns, userStatus: memberships.status, latitude: clubs.latitude, longitude: clubs.longitude })
      .from(clubs)
      .leftJoin(memberships, and(eq(memberships.clubId, clubs.id), eq(memberships.userId, ctx.user.id)))
      .where(
        and(
          gte(clubs.latitude, latLo),
          lt(clubs.latitude, latLo + SIDE / 100),
          lonWhere,
          query.nextToken !== undefined ? lt(clubs.seq, query.nextToken) : undefined,
        ),
      )
      .orderBy(desc(clubs.seq))
      .limit(query.limit + 1),
    originCell(ctx, query),
  ]);
  if (rows.length === 0 && query.nextToken === undefined) return null;
  const page = rows.slice(0, query.limit);
  const items = page.map((row): BrowseClub => {
    const club: BrowseClub = { ...toSummary(row), isMember: row.userStatus === "active", userStatus: row.userStatus };
    if (origin && row.latitude !== null && row.longitude !== null) {
      club.distanceKm = shownKm(greatCircleKm(cellCentre(origin), cellCentre(cellOf({ lat: row.latitude, lon: row.longitude }))));
    }
    return club;
  });
  const last = page[page.length - 1];
  return { items, nextToken: rows.length > query.limit && last ? `s${last.seq.toString(36)}` : null };
}
