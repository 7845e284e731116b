/**
 * Web Mercator for the library map (slippy-map tiles of 256 px): x = (lon + 180) / 360 · 2^z,
 * y = (1 − ln(tan φ + sec φ) / π) / 2 · 2^z, in tiles. The map is a square "view" of VIEW_PX
 * pixels that the page scales to its width (an SVG viewBox), so everything is placed in its units.
 */

export const TILE_PX = 256;
export const VIEW_PX = 512;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 16;
const MAX_LAT = 85.0511;
const EARTH_M_PER_PX_AT_ZOOM_0 = 156543.03392;

export interface LatLon {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** A position in pixels of the whole world at zoom z. */
export function worldPx({ lat, lon }: LatLon, z: number): { x: number; y: number } {
  const size = TILE_PX * 2 ** z;
  const phi = rad(clamp(lat, -MAX_LAT, MAX_LAT));
  return { x: ((lon + 180) / 360) * size, y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size };
}

/** Metres a pixel spans at a latitude and zoom. */
export const metresPerPx = (lat: number, z: number) => (EARTH_M_PER_PX_AT_ZOOM_0 * Math.cos(rad(clamp(lat, -MAX_LAT, MAX_LAT)))) / 2 ** z;

/** The closest zoom at which a circle of `km` around the centre fits the view. */
export function zoomForRadius(lat: number, km: number): number {
  const z = Math.floor(Math.log2((EARTH_M_PER_PX_AT_ZOOM_0 * Math.cos(rad(clamp(lat, -MAX_LAT, MAX_LAT))) * VIEW_PX) / (2 * km * 1000)));
  return clamp(z, MIN_ZOOM, MAX_ZOOM);
}

/** Where a point falls in the view (pixels from its top left), the copy of the world nearest the centre. */
export function placeInView(centre: LatLon, point: LatLon, z: number): { left: number; top: number } {
  const world = TILE_PX * 2 ** z;
  const c = worldPx(centre, z);
  const p = worldPx(point, z);
  let dx = p.x - c.x;
  // Across the antimeridian, the nearer copy.
  if (dx > world / 2) dx -= world;
  if (dx < -world / 2) dx += world;
  return { left: VIEW_PX / 2 + dx, top: VIEW_PX / 2 + (p.y - c.y) };
}

export interface ViewTile {
  key: string;
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
}

/** The tiles that cover the view around a centre. */
export function tilesInView(centre: LatLon, z: number): ViewTile[] {
  const count = 2 ** z;
  const c = worldPx(centre, z);
  const left = c.x - VIEW_PX / 2;
  const top = c.y - VIEW_PX / 2;
  const tiles: ViewTile[] = [];
  for (let ty = Math.floor(top / TILE_PX); ty <= Math.floor((top + VIEW_PX - 1) / TILE_PX); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(left / TILE_PX); tx <= Math.floor((left + VIEW_PX - 1) / TILE_PX); tx++) {
      const x = ((tx % count) + count) % count;
      tiles.push({ key: `${z}/${tx}/${ty}`, z, x, y: ty, left: tx * TILE_PX - left, top: ty * TILE_PX - top });
    }
  }
  return tiles;
}

/** A tile's address from the configured template ("…/{z}/{x}/{y}.png"). */
export const tileSrc = (template: string, { z, x, y }: Pick<ViewTile, "z" | "x" | "y">) =>
  template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
