// How precise a place may be once others can see it (docs/product.md#location): about 1 km. Pure, so
// the club form rounds what it shows exactly as the server rounds what it stores. Other features
// take it through the geo feature (worker/features/geo, app/features/geo), which owns the rule.

/** Rounds a degree to 0.01° (about 1 km): a club's position, or a reader's for "near me", is never finer. */
export const roundToKm = (degrees: number) => Math.round(degrees * 100) / 100 + 0; // + 0 turns -0 into 0

/** A degree written to 2 decimals, as the rounded positions are ("-0.00" never appears). */
const twoDecimals = (degrees: number) => roundToKm(degrees).toFixed(2);

/** Degrees, minutes and optionally seconds: 38°43'20.3" or 38° 43.345′ (a whole minute is already coarser than 0.01°, but is written alike). */
const DMS = /(?<![\d.])(\d{1,3})\s*°\s*(\d{1,2}(?:[.,]\d+)?)\s*['′’]\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*(?:["″”]|''|′′))?/g;
/** A decimal degree finer than 0.01°: 38.7223, -9.1393, 38,7223 (a decimal comma needs 4 digits, as "1,234" is a thousand). */
const FINE_DECIMAL = /(?<![\d.])([-+−]?)(\d{1,3})(?:\.(\d{3,})|,(\d{4,}))/g;

const number = (text: string) => Number(text.replace(",", "."));

/**
 * A free-text location with every coordinate in it rounded to 0.01°, the precision of the stored
 * position: "38.7223, -9.1393" becomes "38.72, -9.14", 38°43'20"N becomes 38.72°N. Place names
 * and coarse numbers are left as written. Used before a location is shown or saved.
 */
export function coarsenLocationText(text: string): string {
  return text
    .replace(DMS, (_match, degrees: string, minutes: string, seconds: string | undefined) => {
      const value = Number(degrees) + number(minutes) / 60 + (seconds ? number(seconds) / 3600 : 0);
      return `${twoDecimals(value)}°`;
    })
    .replace(FINE_DECIMAL, (_match, sign: string, whole: string, pointDigits: string | undefined, commaDigits: string | undefined) => {
      const value = Number(`${whole}.${pointDigits ?? commaDigits}`) * (sign === "-" || sign === "−" ? -1 : 1);
      const rounded = twoDecimals(value);
      const written = commaDigits === undefined ? rounded : rounded.replace(".", ",");
      return sign === "+" && value > 0 ? `+${written}` : written;
    });
}
