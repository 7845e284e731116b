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
  /**
   * The rest of an opened tile: its children beyond `reach` tiles of the reader's own, read only
   * when the walk reaches `km` (the least distance to any of them). `n` is then the books they hold.
   */
  rest?: { boxes: TileBox[]; reach: number };
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

/** The level whose tiles cover a radius in a handful per side (0 for the smallest: no tile to open). */
function startLevel(radiusKm: number): number {
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
  let queue = await firstRound(read, origin, at, radiusKm, within);
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
    const plans = open.map((tile) => openingPlan(tile, origin, at, radiusKm));
    const boxes = plans.flatMap((plan) => plan.read);
    const read_ = boxes.length === 0 ? [] : await read(boxes);
    const children: Ranked[] = [];
    for (const [i, plan] of plans.entries()) {
      const mine = read_.filter((child) => plan.read.some((box) => inBox(child, box)));
      for (const child of mine) {
        const ranked = within(child);
        if (ranked) children.push(ranked);
      }
      // The children left unread: one entry, opened when the walk comes as near as the nearest of them.
      if (plan.rest) {
        const n = open[i]!.n - mine.reduce((sum, child) => sum + child.n, 0);
        if (n > 0 && (radiusKm === null || plan.rest.km <= radiusKm)) children.push({ ...open[i]!, n, km: plan.rest.km, rest: plan.rest.entry });
      }
    }
    queue = [...queue.filter((tile) => !opened.has(tile)), ...children];
  }
}

/**
 * The walk's first read, in one batch: the tiles around the reader at the start level (anywhere: the
 * world, as one tile above the 10° ones, opened from the reader's side) and, below it, the reader's
 * own tile at every level opened as the walk would open it (its children within one tile of the
 * reader's). The reader's own tile is always the nearest, so the walk opens it first whatever it
 * holds: reading it now saves a round trip per level and reads nothing the walk would not.
 */
async function firstRound(read: ReadTiles, origin: Cell, at: Position, radiusKm: number | null, within: (tile: Tile) => Ranked | null): Promise<Ranked[]> {
  const world: Ranked = {
    level: TOP_LEVEL + 1,
    tileLat: 0,
    tileLon: 0,
    n: Number.POSITIVE_INFINITY,
    km: 0,
    rest: { boxes: [{ level: TOP_LEVEL, lats: Array.from({ length: 19 }, (_, i) => i), lonFrom: 0, lonTo: 36 }], reach: -1 },
  };
  const worldPlan = radiusKm === null ? openingPlan(world, origin, at, radiusKm) : null;
  const firstLevel = radiusKm === null ? TOP_LEVEL : startLevel(radiusKm);
  const first = worldPlan ? worldPlan.read : boxesAround(origin, radiusKm!, firstLevel);
  const own = (level: number): Ranked => {
    const size = TILE_CELLS[level]!;
    return { level, tileLat: Math.floor((origin.cellLat + LAT_OFFSET) / size), tileLon: Math.floor((origin.cellLon + LON_OFFSET) / size), n: 0, km: 0 };
  };
  const descent = Array.from({ length: firstLevel }, (_, i) => firstLevel - i).map((level) => ({ level, plan: openingPlan(own(level), origin, at, radiusKm) }));
  const tiles = await read([...first, ...descent.flatMap(({ plan }) => plan.read)]);
  const queue = tiles.filter((tile) => first.some((box) => inBox(tile, box))).flatMap((tile) => within(tile) ?? []);
  if (worldPlan?.rest) queue.push({ ...world, km: worldPlan.rest.km, rest: worldPlan.rest.entry });
  for (const { level, plan } of descent) {
    const mine = own(level);
    const at_ = queue.findIndex((tile) => !tile.rest && tile.level === level && tile.tileLat === mine.tileLat && tile.tileLon === mine.tileLon);
    // No books in the reader's own tile: nothing below it either.
    if (at_ === -1) break;
    const [opened] = queue.splice(at_, 1);
    const children = tiles.filter((tile) => plan.read.some((box) => inBox(tile, box)));
    for (const child of children) {
      const ranked = within(child);
      if (ranked) queue.push(ranked);
    }
    if (plan.rest) {
      const n = opened!.n - children.reduce((sum, child) => sum + child.n, 0);
      if (n > 0 && (radiusKm === null || plan.rest.km <= radiusKm)) queue.push({ ...opened!, n, km: plan.rest.km, rest: plan.rest.entry });
    }
  }
  return queue;
}

const inBox = (tile: Pick<Tile, "level" | "tileLat" | "tileLon">, box: TileBox) =>
  tile.level === box.level && box.lats.includes(tile.tileLat) && tile.tileLon >= box.lonFrom && tile.tileLon <= box.lonTo;

interface OpeningPlan {
  read: TileBox[];
  rest?: { km: number; entry: NonNullable<Ranked["rest"]> };
}

/** The box of children within `reach` tiles of the reader's own (at the children's level). */
const around = (own: { lat: number; lon: number }, level: number, reach: number): TileBox => ({
  level,
  lats: Array.from({ length: 2 * reach + 1 }, (_, i) => own.lat - reach + i),
  lonFrom: own.lon - reach,
  lonTo: own.lon + reach,
});

/** The part of `outer` outside `inner` (both centred on one tile): up to four strips. */
function ring(outer: TileBox, inner: TileBox | null): TileBox[] {
  if (!inner) return [outer];
  const lo = inner.lats[0]!;
  const hi = inner.lats[inner.lats.length - 1]!;
  const strips: TileBox[] = [
    { ...outer, lats: outer.lats.filter((lat) => lat < lo) },
    { ...outer, lats: outer.lats.filter((lat) => lat > hi) },
    { ...outer, lats: inner.lats, lonTo: inner.lonFrom - 1 },
    { ...outer, lats: inner.lats, lonFrom: inner.lonTo + 1 },
  ];
  return strips.filter((strip) => strip.lats.length > 0 && strip.lonFrom <= strip.lonTo);
}

/**
 * What opening a tile reads. Its children nearest the reader go first, in rings around the
 * reader's own child tile (one tile out, then three, then seven): in a city centre one tile holds
 * far more books than a page, and reading all its hundred children would read rows to leave them.
 * The children not read yet become one queued entry at the distance of the nearest of them, so the
 * walk still takes every cell in distance order. A tile away from the reader is read whole.
 */
function openingPlan(tile: Ranked, origin: Cell, at: Position, radiusKm: number | null): OpeningPlan {
  const level = tile.level - 1;
  const size = TILE_CELLS[level]!;
  const own = { lat: Math.floor((origin.cellLat + LAT_OFFSET) / size), lon: Math.floor((origin.cellLon + LON_OFFSET) / size) };
  let boxes: TileBox[];
  let reach: number;
  if (tile.rest) {
    ({ boxes, reach } = tile.rest);
  } else {
    const children = childrenOf(tile);
    // Only the children inside the radius's box: the rest would be read to be dropped by within().
    boxes = radiusKm === null ? [children] : clipped(children, boxesAround(origin, radiusKm, level));
    if (clipped(around(own, level, 1), boxes).length === 0) return { read: boxes };
    reach = -1;
  }
  const next = reach < 0 ? 1 : 2 * reach + 1;
  const read = ring(around(own, level, next), reach < 0 ? null : around(own, level, reach)).flatMap((strip) => clipped(strip, boxes));
  const outer = around(own, level, next);
  let km = Number.POSITIVE_INFINITY;
  for (const box of boxes)
    for (const tileLat of box.lats)
      for (let tileLon = box.lonFrom; tileLon <= box.lonTo; tileLon++) {
        const child = { level, tileLat, tileLon };
        if (!inBox(child, outer)) km = Math.min(km, minKmToTile(at, child));
      }
  if (km === Number.POSITIVE_INFINITY) return { read };
  return { read, rest: { km, entry: { boxes, reach: next } } };
}
