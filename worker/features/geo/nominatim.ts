import { z } from "zod";
import { type Coordinates, cleanPlaceName, type PlaceNames } from "./location-text";

/** The public OpenStreetMap instance; GEOCODER_URL points elsewhere (a self-hosted one, or a test double). */
export const NOMINATIM_REVERSE_URL = "https://nominatim.openstreetmap.org/reverse";
export const GEOCODER_TIMEOUT_MS = 4000;
/** A reverse answer is a few KB; anything much larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface ReverseLookupOptions {
  /** The reverse endpoint, without a query. */
  endpoint?: string;
  /** One language tag, e.g. "en" or "pt-br": the language place names come back in. */
  language: string;
  /** Nominatim's usage policy asks every application to identify itself. */
  userAgent: string;
  timeoutMs?: number;
}

// Every field is optional and a wrong type only loses that field: one odd value must not lose the rest.
const name = z.string().optional().catch(undefined);
const answerSchema = z.object({
  address: z.object({ city: name, town: name, village: name, municipality: name, state: name, region: name, country: name }).optional().catch(undefined),
});

/** The names we read: city = city | town | village | municipality, state = state | region. */
export function placeFromAnswer(answer: unknown): PlaceNames | null {
  const parsed = answerSchema.safeParse(answer);
  const address = parsed.success ? parsed.data.address : undefined;
  if (!address) return null;
  return {
    city: [address.city, address.town, address.village, address.municipality].map(cleanPlaceName).find(Boolean),
    state: [address.state, address.region].map(cleanPlaceName).find(Boolean),
    country: cleanPlaceName(address.country),
  };
}

/**
 * Asks a Nominatim-style service (format=jsonv2) for the place at a point. Returns null for
 * anything but a usable answer: unreachable, slow, rate-limited, an error object, HTML, bad JSON.
 */
export async function reverseLookup(point: Coordinates, options: ReverseLookupOptions): Promise<PlaceNames | null> {
  const url = new URL(options.endpoint ?? NOMINATIM_REVERSE_URL);
  url.search = new URLSearchParams({
    format: "jsonv2",
    lat: String(point.lat),
    lon: String(point.lon),
    // Town level: enough for "city, state", and no street address is asked for.
    zoom: "10",
    addressdetails: "1",
  }).toString();
  try {
    const response = await fetch(url, {
      headers: { "User-Agent": options.userAgent, "Accept-Language": options.language, Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? GEOCODER_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const declared = Number(response.headers.get("Content-Length") ?? 0);
    if (declared > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      return null;
    }
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) return null;
    return placeFromAnswer(JSON.parse(text));
  } catch {
    // Network failure, timeout (AbortSignal) or a body that is not JSON: the caller falls back to coordinates.
    return null;
  }
}

const pointSchema = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) });

/** Nominatim's search endpoint beside its reverse one (…/reverse → …/search), so one GEOCODER_URL serves both. */
export function searchEndpoint(reverseEndpoint: string | undefined): string {
  const url = new URL(reverseEndpoint ?? NOMINATIM_REVERSE_URL);
  url.pathname = url.pathname.replace(/[^/]*$/, "search");
  return url.toString();
}

/**
 * The point a Nominatim-style service (format=jsonv2, limit=1) gives for a place's text, or null
 * for anything but a usable answer (the same refusals as reverseLookup). Search answers are a list;
 * a single object is read too.
 */
export async function searchLookup(text: string, options: ReverseLookupOptions): Promise<Coordinates | null> {
  const url = new URL(searchEndpoint(options.endpoint));
  url.search = new URLSearchParams({ format: "jsonv2", q: text, limit: "1" }).toString();
  try {
    const response = await fetch(url, {
      headers: { "User-Agent": options.userAgent, "Accept-Language": options.language, Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? GEOCODER_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const body = await response.text();
    if (body.length > MAX_ANSWER_BYTES) return null;
    const answer: unknown = JSON.parse(body);
    const parsed = pointSchema.safeParse(Array.isArray(answer) ? answer[0] : answer);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
