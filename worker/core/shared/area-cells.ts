// A member's area and the distances others see (docs/product.md#books-near-you). Pure, shared by the
// Worker and the pages: positions are cells of 0.01° (about 1 km), and a distance leaves the server
// only rounded, so no number of questions places a member more precisely than their cell.

/** A cell: degrees times 100, rounded, as member_areas and books store it. */
export interface Cell {
  cellLat: number;
  cellLon: number;
}

export interface Position {
  lat: number;
  lon: number;
}

/** The cell a position falls in (+ 0 turns -0 into 0). */
export const cellOf = ({ lat, lon }: Position): Cell => ({ cellLat: Math.round(lat * 100) + 0, cellLon: Math.round(lon * 100) + 0 });

/** A cell's centre: every distance is measured from it, never from a finer position. */
export const cellCentre = ({ cellLat, cellLon }: Cell): Position => ({ lat: cellLat / 100, lon: cellLon / 100 });

/** Great-circle distance in km (haversine). */
export function greatCircleKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * What others see of a distance between two cells: 0 means "under 1 km"; then whole km up to 10,
 * steps of 5 up to 50, of 10 up to 200, and of 50 beyond.
 */
export function shownKm(km: number): number {
  if (km < 1) return 0;
  if (km < 10) return Math.round(km);
  const step = km < 50 ? 5 : km < 200 ? 10 : 50;
  return Math.round(km / step) * step;
}

/** The distance between two cells as others see it. */
export const shownDistanceKm = (from: Cell, to: Cell): number => shownKm(greatCircleKm(cellCentre(from), cellCentre(to)));

/** The radii a reader may choose for "near me", in km (none: anywhere). */
export const NEAR_RADII_KM = [1, 2, 5, 10, 25, 50, 100] as const;
export type NearRadiusKm = (typeof NEAR_RADII_KM)[number];
