import { hasVisibleCharacter, sanitizeText } from "@worker/core/shared/text";

/** Place names read from a reverse-geocoding answer; any of them may be missing. */
export interface PlaceNames {
  city?: string;
  state?: string;
  country?: string;
}

export interface Coordinates {
  lat: number;
  lon: number;
}

/** A club's location is at most 100 characters, so a suggestion never needs more. */
export const LOCATION_TEXT_MAX = 100;

/** "51.5074, -0.1278": the fallback when no place name can be found (docs/product.md#location). */
export function coordinatesText({ lat, lon }: Coordinates): string {
  // -0.00001 would print as "-0.0000".
  const fixed = (value: number) => (Object.is(Number(value.toFixed(4)), -0) ? 0 : value).toFixed(4);
  return `${fixed(lat)}, ${fixed(lon)}`;
}

/** A name as it may be shown: cleaned like member text, or undefined when nothing visible is left. */
export function cleanPlaceName(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = sanitizeText(value);
  return hasVisibleCharacter(cleaned) ? cleaned : undefined;
}

/**
 * 'city, state', 'city, country', 'state, country', or the country alone; null when the
 * names allow none of these (the caller then shows coordinates).
 */
export function formatPlace(place: PlaceNames): string | null {
  const { city, state, country } = place;
  const text = city && state ? `${city}, ${state}` : city && country ? `${city}, ${country}` : state && country ? `${state}, ${country}` : (country ?? null);
  if (text === null) return null;
  return text.length > LOCATION_TEXT_MAX ? `${text.slice(0, LOCATION_TEXT_MAX - 1).trimEnd()}…` : text;
}
