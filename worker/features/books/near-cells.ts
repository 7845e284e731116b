import { type Cell, cellCentre, greatCircleKm, type Position } from "@worker/core/shared/area-cells";

/**
 * "Near me" walks book_cells (migrations/0022) nearest first: tiles of 10°, 1°, 0.1° and the 0.01°
 * cells, opening a tile only when its books could fall on the page. So a page reads the few tiles
 * around the reader and the cells that fill it, wherever the reader is and however many books
 * the world holds (docs/decisions/020-books-near-you.md).
 */

const LAT_OFFSET = 9000;
const LON_OFFSET = 18000;
const TILE_CELLS = [1, 10, 100, 1000] as const;
const TOP_LEVEL = 3;
const KM_PER_DEGREE = 111.19;

/** A row of book_cells: how many listed books a tile holds. Level 0 tiles are cells (offset). */
export interface Tile {
  level: number;
  tileLat: number;
  tileLon: number;
  n: number;
}

/** A box of tiles to read: one level, a run of tile rows, and one run of tile columns. */
export interface TileBox {
  level: number;
  lats: number[];
  lonFrom: number;
  lonTo: number;
}

export type ReadTiles = (boxes: TileBox[]) => Promise<Tile[]>;

/** A cell to read books from, in walking order, with how far its centre is and at most how many books it holds. */
export interface NearCell extends Cell {
  km: number;
  n: number;
}

/** Where a walk starts: after this cell (exclusive), or inside it below `seq` (the next page's token). */
export interface WalkFrom {
  cell: Cell;
  seq?: number;
}

export interface Walk {
  cells: NearCell[];
  /** No cell within the radius comes after the last one. */
  exhausted: boolean;
}

interface Ranked extends Tile {
  km: number;
}

const cellOfTile = (tile: Pick<Tile, "tileLat" | "tileLon">): Cell => ({ cellLat: tile.tileLat - LAT_OFFSET, cellLon: tile.tileLon - LON_OFFSET });
const wrapDegrees = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The least distance from a position to any cell centre in a tile: the nearest meridian edge, at the
 * latitude where that meridian comes closest (or the nearer corner beyond a quarter turn).
 */
export function minKmToTile(from: Position, tile: Pick<Tile, "level" | "tileLat" | "tileLon">): number {
  const size = TILE_CELLS[tile.level]!;
  if (tile.level === 0) return greatCircleKm(from, cellCentre(cellOfTile(tile)));
  const latLo = clamp((tile.tileLat * size - LAT_OFFSET) / 100, -90, 90);
  const latHi = clamp(((tile.tileLat + 1) * size - 1 - LAT_OFFSET) / 100, -90, 90);
  const lonLo = (tile.tileLon * size - LON_OFFSET) / 100;
  const lonHi = ((tile.tileLon + 1) * size - 1 - LON_OFFSET) / 100;
  if (from.lon >= lonLo && from.lon <= lonHi) return greatCircleKm(from, { lat: clamp(from.lat, latLo, latHi), lon: from.lon });
  const toLo = wrapDegrees(lonLo - from.lon);
  const toHi = wrapDegrees(lonHi - from.lon);
  const dLon = Math.abs(toLo) <= Math.abs(toHi) ? toLo : toHi;
  const lon = from.lon + dLon;
  if (Math.abs(dLon) < 90) {
    const rad = Math.PI / 180;
    const foot = Math.atan(Math.tan(from.lat * rad) / Math.cos(dLon * rad)) / rad;
    return greatCircleKm(from, { lat: clamp(foot, latLo, latHi), lon });
  }
  return Math.min(greatCircleKm(from, { lat: latLo, lon }), greatCircleKm(from, { lat: latHi, lon }));
}

/** Tiles (at `level`) covering every cell within `radiusKm` of a cell: one or two boxes (the antimeridian). */
export function boxesAround(origin: Cell, radiusKm: number, level: number): TileBox[] {
  const size = TILE_CELLS[level]!;
  const dLat = Math.ceil((radiusKm / KM_PER_DEGREE) * 100) + 1;
  const pole = Math.min(89.9, Math.abs(origin.cellLat / 100) + radiusKm / KM_PER_DEGREE);
  const dLon = Math.ceil((radiusKm / (KM_PER_DEGREE * Math.cos((pole * Math.PI) / 180))) * 100) + 1;
  const latFrom = Math.floor(Math.max(0, origin.cellLat + LAT_OFFSET - dLat) / size);
  const latTo = Math.floor(Math.min(2 * LAT_OFFSET, origin.cellLat + LAT_OFFSET + dLat) / size);
  const lats = Array.from({ length: latTo - latFrom + 1 }, (_, i) => latFrom + i);
  const lastLon = Math.floor((2 * LON_OFFSET) / size);
  if (2 * dLon >= 2 * LON_OFFSET) return [{ level, lats, lonFrom: 0, lonTo: lastLon }];
  const from = origin.cellLon + LON_OFFSET - dLon;
  const to = origin.cellLon + LON_OFFSET + dLon;
  const tile = (c: number) => Math.floor(c / size);
  if (from < 0)
    return [
      { level, lats, lonFrom: 0, lonTo: tile(to) },
      { level, lats, lonFrom: tile(from + 2 * LON_OFFSET), lonTo: lastLon },
    ];
  if (to > 2 * LON_OFFSET)
    return [
      { level, lats, lonFrom: tile(from), lonTo: lastLon },
      { level, lats, lonFrom: 0, lonTo: tile(to - 2 * LON_OFFSET) },
    ];
  return [{ level, lats, lonFrom: tile(from), lonTo: tile(to) }];
}

/** The level whose tiles cover a radius in a handful per side (the whole world: the 10° tiles). */
function startLevel(radiusKm: number | null): number {
  if (radiusKm === null) return TOP_LEVEL;
  // Up to 2 km the cells themselves are a few dozen rows: read them at once, saving a round trip.
  if (radiusKm <= 2) return 0;
  const span = 2 * ((radiusKm / KM_PER_DEGREE) * 100 + 1);
  return [1, 2].find((level) => span / TILE_CELLS[level]! <= 5) ?? TOP_LEVEL;
}

const childrenOf = (tile: Tile): TileBox => ({
  level: tile.level - 1,
  lats: Array.from({ length: 10 }, (_, i) => tile.tileLat * 10 + i),
  lonFrom: tile.tileLon * 10,
  lonTo: tile.tileLon * 10 + 9,
});

/** The part of a box inside the radius's boxes (none, one, or two across the antimeridian). */
function clipped(box: TileBox, bounds: TileBox[]): TileBox[] {
  return bounds.flatMap((bound) => {
    const lats = box.lats.filter((lat) => bound.lats.includes(lat));
    const lonFrom = Math.max(box.lonFrom, bound.lonFrom);
    const lonTo = Math.min(box.lonTo, bound.lonTo);
    return lats.length > 0 && lonFrom <= lonTo ? [{ level: box.level, lats, lonFrom, lonTo }] : [];
  });
}

// Nearest first; at equal distance a tile before a cell (it must open first), then by position.
const byDistance = (a: Ranked, b: Ranked) => a.km - b.km || b.level - a.level || a.tileLat - b.tileLat || a.tileLon - b.tileLon;

/** Whether a cell comes before where the walk starts (the start's own cell counts when paging inside it). */
function before(cell: Ranked, from: WalkFrom | undefined, fromKm: number): boolean {
  if (!from) return false;
  const start = from.cell;
  const { cellLat, cellLon } = cellOfTile(cell);
  if (cellLat === start.cellLat && cellLon === start.cellLon) return from.seq === undefined;
  return (cell.km - fromKm || cellLat - start.cellLat || cellLon - start.cellLon) < 0;
}

/**
 * The cells, nearest first, that hold at least `need` books after `from` (fewer when the radius
 * runs out). Each round opens, in one batch, the tiles that could hold books of the page. The
 * `uncounted` cell is walked but its books are not counted towards `need` (the viewer's own cell,
 * whose count includes the viewer's own books).
 */
export async function walkNearCells(read: ReadTiles, origin: Cell, radiusKm: number | null, need: number, from?: WalkFrom, uncounted?: Cell): Promise<Walk> {
  const at = cellCentre(origin);
  const within = (tile: Tile): Ranked | null => {
    const km = minKmToTile(at, tile);
    return radiusKm === null || km <= radiusKm ? { ...tile, km } : null;
  };
  const fromKm = from ? greatCircleKm(at, cellCentre(from.cell)) : 0;
  const level = startLevel(radiusKm);
  const first = radiusKm === null ? [{ level, lats: Array.from({ length: 19 }, (_, i) => i), lonFrom: 0, lonTo: 36 }] : boxesAround(origin, radiusKm, level);
  let queue = (await read(first)).flatMap((tile) => within(tile) ?? []);
  for (;;) {
    queue.sort(byDistance);
    const cells: NearCell[] = [];
    const open: Ranked[] = [];
    let held = 0;
    let walked = 0;
    for (const tile of queue) {
      walked++;
      if (tile.level > 0) {
        // A tile wholly before the start still opens: its cells are then skipped one by one.
        open.push(tile);
        held += tile.n;
      } else if (!before(tile, from, fromKm)) {
        const cell = cellOfTile(tile);
        cells.push({ ...cell, km: tile.km, n: tile.n });
        if (cell.cellLat !== uncounted?.cellLat || cell.cellLon !== uncounted?.cellLon) held += tile.n;
      }
      if (held >= need) break;
    }
    if (open.length === 0) return { cells, exhausted: walked === queue.length };
    const opened = new Set(open);
    // Only the children inside the radius's box: the rest would be read to be dropped by within().
    const boxes = open.map(childrenOf).flatMap((box) => (radiusKm === null ? [box] : clipped(box, boxesAround(origin, radiusKm, box.level))));
    const children = boxes.length === 0 ? [] : (await read(boxes)).flatMap((tile) => within(tile) ?? []);
    queue = [...queue.filter((tile) => !opened.has(tile)), ...children];
  }
}
