import { readConfig } from "@worker/core/config";
import { requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { coarsenLocationText, roundToKm } from "@worker/core/shared/coarse-place";
import { msg } from "@worker/core/shared/translate";
import { z } from "zod";
import { type Coordinates, coordinatesText, formatPlace } from "./location-text";
import { reverseLookup, searchLookup } from "./nominatim";

/** A decimal degree as sent in a query string: no exponents, no "Infinity", no empty value. */
function degrees(name: string, limit: number) {
  return (
    z
      .string({ error: () => translate("{name} is required", { name }) })
      .trim()
      .regex(/^[+-]?\d{1,3}(\.\d{1,15})?$/, { error: () => translate("{name} must be a decimal number", { name }) })
      // The reference gives the value and its range, as a query parameter is described (the text is its serialisation).
      .meta({ type: "number", minimum: -limit, maximum: limit, description: `Decimal degrees, -${limit} to ${limit}, written without an exponent.` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(-limit, { error: () => translate("{name} must be between -{limit} and {limit}", { name, limit }) })
          .max(limit, { error: () => translate("{name} must be between -{limit} and {limit}", { name, limit }) }),
      )
  );
}

export const reverseGeocodeQuery = z.object({ lat: degrees("lat", 90), lon: degrees("lon", 180) });

export interface GeocodeRequest {
  /** This site's origin: it names the app to the maps service and scopes the cache keys. */
  origin: string;
  acceptLanguage: string | null;
}

/** What a look-up needs of the request that asked for it (an API call's or a page action's). */
export const geocodeRequestOf = (request: Request): GeocodeRequest => ({
  origin: new URL(request.url).origin,
  acceptLanguage: request.headers.get("Accept-Language"),
});

/** A cache of its own (the Cache API), so keys cannot meet page responses; no table is needed. */
const CACHE_NAME = "geocode";
/** Answers are kept a week: town and country names rarely change. */
const CACHE_SECONDS = 7 * 24 * 60 * 60;
export const GEOCODE_RATE_LIMITED = msg("Too many location look-ups. Please wait a minute and try again.");

/** About 1 km: enough to name the town, too coarse to find a house, and what the cache is keyed by. */
export function roundCoordinates({ lat, lon }: Coordinates): Coordinates {
  return { lat: roundToKm(lat), lon: roundToKm(lon) };
}

/** The first language the browser asks for, as one lower-case tag ("en" when there is none usable). */
export function primaryLanguage(header: string | null): string {
  const first = header?.split(",")[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^[a-z]{2,3}(-[a-z0-9]{1,8}){0,2}$/.test(first) ? first : "en";
}

function cacheKey(origin: string, point: Coordinates, language: string): string {
  const key = new URL("/__cache/geocode", origin);
  key.search = new URLSearchParams({ lat: point.lat.toFixed(2), lon: point.lon.toFixed(2), lang: language }).toString();
  return key.toString();
}

async function cachedLocation(key: string): Promise<string | null> {
  try {
    const hit = await (await caches.open(CACHE_NAME)).match(key);
    const value = hit ? ((await hit.json()) as { location?: unknown }).location : undefined;
    return typeof value === "string" ? value : null;
  } catch {
    return null; // A cache that cannot be read is a miss.
  }
}

async function cacheLocation(key: string, location: string): Promise<void> {
  const response = Response.json({ location }, { headers: { "Cache-Control": `public, max-age=${CACHE_SECONDS}` } });
  try {
    await (await caches.open(CACHE_NAME)).put(key, response);
  } catch {
    // Not cached this time (workers.dev has no cache); the next look-up asks the service again.
  }
}

/**
 * The place name for a member's device position, formatted as docs/product.md#location says. The maps service
 * only ever sees the position rounded to about 1 km, and only the text goes back to the member:
 * the raw coordinates are neither stored nor cached. When the service cannot answer usefully the
 * member gets the coordinates rounded to 0.01°, as others would see them, to keep or replace.
 */
export async function reverseGeocode(ctx: ServiceContext, point: Coordinates, request: GeocodeRequest): Promise<{ location: string }> {
  requireUser(ctx);
  const rounded = roundCoordinates(point);
  const language = primaryLanguage(request.acceptLanguage);
  const key = cacheKey(request.origin, rounded, language);
  const cached = await cachedLocation(key);
  if (cached) return { location: cached };

  // Only look-ups that reach the service count: the public instance allows about one a second.
  await limit(ctx.env.USER_LOOKUP_LIMITER, `geocode:${ctx.user.id}`, GEOCODE_RATE_LIMITED);

  const place = await reverseLookup(rounded, {
    endpoint: readConfig(ctx.env).GEOCODER_URL,
    language,
    userAgent: `BookClub/1.0 (+${request.origin})`,
  });
  const location = place && formatPlace(place);
  if (!location) return { location: coarsenLocationText(coordinatesText(point)) };
  await cacheLocation(key, location);
  return { location };
}

/**
 * A place's text (a club's location) as a point rounded to about 1 km, or null when the maps
 * service has no usable answer. Counts against the member's look-up limit like reverseGeocode.
 */
export async function geocodePlaceText(ctx: ServiceContext, text: string, request: GeocodeRequest): Promise<Coordinates | null> {
  requireUser(ctx);
  await limit(ctx.env.USER_LOOKUP_LIMITER, `geocode:${ctx.user.id}`, GEOCODE_RATE_LIMITED);
  const point = await searchLookup(text, {
    endpoint: readConfig(ctx.env).GEOCODER_URL,
    language: primaryLanguage(request.acceptLanguage),
    userAgent: `BookClub/1.0 (+${request.origin})`,
  });
  return point && roundCoordinates(point);
}
