import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellCentre, greatCircleKm, NEAR_RADII_KM, type Position, shownKm } from "@worker/core/shared/area-cells";
import { msg } from "@worker/core/shared/translate";
import { bookCells, books } from "@worker/db/schema";
import { NEAR_ME_HALF, nearQueryFields, originCell } from "@worker/features/geo";
import { and, between, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { bookCardColumns, type CardRow, toBookCard } from "./book-columns";
import { withViewerAccess } from "./library";
import { boxesAround, minKmToTile } from "./near-cells";
import { int, selectLocated, tileReader, unionAll } from "./near-library";

/**
 * The library's map (docs/decisions/021-library-map.md): counts of listed books per 0.1° tile
 * (book_cells level 1, about 11 km), placed at the tile's centre. No answer here holds a 0.01° cell
 * or a member's position: a tile is the finest place the map names.
 */

const LEVEL = 1;
const LAT_OFFSET = 9000;
const LON_OFFSET = 18000;
/** Cells (0.01°) per tile side at level 1. */
const SIDE = 10;
export const MAP_DEFAULT_RADIUS_KM = 25;
export const MAP_PAGE_SIZE = 25;

export const MAP_RADIUS_NOT_OFFERED = msg("radius must be one of 1, 2, 5, 10, 25, 50 or 100 (km).");
export const MAP_NEEDS_ORIGIN = msg("The map needs near=me, or lat and lon.");
export const TILE_ID_NOT_VALID = msg("tileId is not valid");
export const TILE_EMPTY = msg("No books are listed in this place.");

/** A tile as offset coordinates of book_cells (level 1). */
export interface MapTileKey {
  tileLat: number;
  tileLon: number;
}

export interface MapTile {
  tileId: string;
  lat: number;
  lon: number;
  count: number;
  distanceKm: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000 + 0;
const wrapLon = (lon: number) => (lon > 180 ? lon - 360 : lon);

/** An opaque name for a tile: its offset coordinates, which say no more than its centre does. */
export const encodeTileId = ({ tileLat, tileLon }: MapTileKey) => `t1_${tileLat}_${tileLon}`;

/** The centre of a tile's ten by ten cells (each cell is centred on its own hundredth of a degree). */
export function tileCentre({ tileLat, tileLon }: MapTileKey): Position {
  const mid = (SIDE - 1) / 2;
  return { lat: round3((tileLat * SIDE - LAT_OFFSET + mid) / 100), lon: round3(wrapLon((tileLon * SIDE - LON_OFFSET + mid) / 100)) };
}

export const tileIdSchema = z
  .string()
  .regex(/^t1_\d{1,4}_\d{1,4}$/, { error: () => translate(TILE_ID_NOT_VALID) })
  .transform((id): MapTileKey => {
    const [, lat, lon] = id.split("_") as [string, string, string];
    return { tileLat: Number(lat), tileLon: Number(lon) };
  })
  .refine((tile) => tile.tileLat <= (2 * LAT_OFFSET) / SIDE && tile.tileLon <= (2 * LON_OFFSET) / SIDE, { error: () => translate(TILE_ID_NOT_VALID) });

const mapRadius = z
  .string()
  .refine((value) => /^\d+$/.test(value) && (NEAR_RADII_KM as readonly number[]).includes(Number(value)), { error: () => translate(MAP_RADIUS_NOT_OFFERED) })
  .transform(Number)
  .optional()
  .transform((radius) => radius ?? MAP_DEFAULT_RADIUS_KM);

export const mapQuerySchema = z.object({ ...nearQueryFields, radius: mapRadius }).superRefine((query, issues) => {
  if ((query.lat === undefined) !== (query.lon === undefined)) issues.addIssue({ code: "custom", message: translate(NEAR_ME_HALF), path: ["lat"] });
  else if (query.lat === undefined && query.near !== "me") issues.addIssue({ code: "custom", message: translate(MAP_NEEDS_ORIGIN), path: ["near"] });
});
export type MapQuery = z.output<typeof mapQuerySchema>;

export const tileBooksQuerySchema = z
  .object({
    lat: nearQueryFields.lat,
    lon: nearQueryFields.lon,
    limit: z.coerce.number().int().min(1).max(100).default(MAP_PAGE_SIZE),
    nextToken: z
      .string()
      .regex(/^s[0-9a-z]{1,11}$/, { error: () => translate("nextToken is not valid") })
      .transform((token) => Number.parseInt(token.slice(1), 36))
      .optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lon === undefined), { error: () => translate(NEAR_ME_HALF), path: ["lat"] });
export type TileBooksQuery = z.output<typeof tileBooksQuerySchema>;

/** Where the map measures from: a one-off position (rounded on arrival, never stored) or my area (400 without one). */
export async function mapOrigin(ctx: ServiceContext, query: Pick<MapQuery, "lat" | "lon" | "near">): Promise<Cell> {
  return (await originCell(ctx, query, true))!;
}

export const tileOfCell = (cell: Cell): MapTileKey => ({
  tileLat: Math.floor((cell.cellLat + LAT_OFFSET) / SIDE),
  tileLon: Math.floor((cell.cellLon + LON_OFFSET) / SIDE),
});

/** The viewer's own listed books per tile: the map, like the library, leaves them out. */
async function ownBooksByTile(ctx: ServiceContext): Promise<Map<string, number>> {
  if (!ctx.user) return new Map();
  const rows = await ctx.db
    .select({ cellLat: books.cellLat, cellLon: books.cellLon, n: count() })
    .from(books)
    .where(and(eq(books.userId, ctx.user.id), isNull(books.hidden), isNotNull(books.cellLat)))
    .groupBy(books.cellLat, books.cellLon);
  const byTile = new Map<string, number>();
  for (const row of rows) {
    const id = encodeTileId(tileOfCell({ cellLat: row.cellLat!, cellLon: row.cellLon! }));
    byTile.set(id, (byTile.get(id) ?? 0) + row.n);
  }
  return byTile;
}

/**
 * The 0.1° tiles with listed books within `radiusKm` of the origin, nearest first: one indexed
 * range of book_cells per box (two across the antimeridian), in one batch.
 */
export async function readMapTiles(ctx: ServiceContext, origin: Cell, radiusKm: number): Promise<{ centre: Position; tiles: MapTile[] }> {
  const at = cellCentre(origin);
  const [tiles, own] = await Promise.all([tileReader(ctx)(boxesAround(origin, radiusKm, LEVEL)), ownBooksByTile(ctx)]);
  const answer: MapTile[] = [];
  for (const tile of tiles) {
    if (minKmToTile(at, tile) > radiusKm) continue;
    const tileId = encodeTileId(tile);
    const n = tile.n - (own.get(tileId) ?? 0);
    if (n <= 0) continue;
    const centre = tileCentre(tile);
    answer.push({ tileId, ...centre, count: n, distanceKm: shownKm(greatCircleKm(at, centre)) });
  }
  answer.sort((a, b) => a.distanceKm - b.distanceKm || a.tileId.localeCompare(b.tileId));
  // The map centres on the viewer's own tile: as coarse as every marker.
  return { centre: tileCentre(tileOfCell(origin)), tiles: answer };
}

export type TileBookCard = ReturnType<typeof toBookCard> & { distanceKm?: number };

/**
 * One tile's books, newest first: its cells from book_cells (level 0), then one range of
 * books_cell_idx per cell under one LIMIT. Null when nothing is listed there.
 */
export async function readTileBooks(
  ctx: ServiceContext,
  tile: MapTileKey,
  query: TileBooksQuery,
): Promise<{ items: TileBookCard[]; nextToken: string | null } | null> {
  const cells = await ctx.db
    .select({ tileLat: bookCells.tileLat, tileLon: bookCells.tileLon })
    .from(bookCells)
    .where(
      and(
        eq(bookCells.level, 0),
        // Ten rows, each one seek of the primary key (a range of rows would read every cell of its latitudes).
        inArray(
          bookCells.tileLat,
          Array.from({ length: SIDE }, (_, i) => tile.tileLat * SIDE + i),
        ),
        between(bookCells.tileLon, tile.tileLon * SIDE, tile.tileLon * SIDE + SIDE - 1),
      ),
    );
  if (cells.length === 0) return null;
  const origin = await originCell(ctx, query);
  const need = query.limit + 1;
  const older = query.nextToken !== undefined ? ` AND books.seq < ${int(query.nextToken)}` : "";
  const notMine = ctx.user ? " AND books.user_id <> (SELECT me FROM p)" : "";
  const terms = cells.map(
    (cell) =>
      `SELECT seq FROM (SELECT books.seq AS seq FROM books WHERE books.cell_lat = ${int(cell.tileLat - LAT_OFFSET)} AND books.cell_lon = ${int(cell.tileLon - LON_OFFSET)} AND books.hidden IS NULL${notMine}${older} ORDER BY books.seq DESC LIMIT ${int(need)})`,
  );
  const picked = sql`(WITH p(me) AS (VALUES (${ctx.user?.id ?? null})) SELECT seq FROM (${sql.raw(unionAll(terms))}) ORDER BY seq DESC LIMIT ${need})`;
  const rows = (await selectLocated(ctx, bookCardColumns, picked)) as (CardRow & {
    cellLat: number | null;
    cellLon: number | null;
  })[];
  rows.sort((a, b) => b.seq - a.seq);
  const page = rows.slice(0, query.limit);
  // The cell stays here: only the rounded distance leaves the server.
  const cards = page.map(({ cellLat, cellLon, ...row }) => {
    const card: TileBookCard = toBookCard(row as CardRow);
    if (origin && cellLat !== null && cellLon !== null) card.distanceKm = shownKm(greatCircleKm(cellCentre(origin), cellCentre({ cellLat, cellLon })));
    return card;
  });
  const last = page[page.length - 1];
  return { items: await withViewerAccess(ctx, cards), nextToken: rows.length > query.limit && last ? `s${last.seq.toString(36)}` : null };
}
