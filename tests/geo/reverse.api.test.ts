import { GEOCODE_RATE_LIMITED } from "@worker/features/geo/geocoding";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import * as recorded from "./fixtures/nominatim";

type Member = Awaited<ReturnType<typeof signedInMember>>;
let member: Member;

beforeAll(async () => {
  member = await signedInMember({ name: "Gina Geo" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The maps service answers with `body`; the spy records what was asked. */
function mapsServiceAnswers(body: unknown) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json(body));
}

/** The maps service cannot be reached, as in this sandbox. */
function mapsServiceUnreachable() {
  return vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
}

function askedUrl(spy: ReturnType<typeof mapsServiceAnswers>, call = 0) {
  return new URL(String(spy.mock.calls[call]![0]));
}

const reverse = (query: string, options: { cookie?: string; headers?: HeadersInit; invalid?: boolean } = {}) =>
  api<{ location: string }>(`/geo/reverse?${query}`, { cookie: options.cookie ?? member.cookie }, { headers: options.headers ?? {}, invalid: options.invalid });

describe("GET /api/geo/reverse", () => {
  it("is for members only, and asks nothing of the maps service for visitors", async () => {
    const fetch = mapsServiceAnswers(recorded.cityInState);
    const response = await call("/api/geo/reverse?lat=30.2672&lon=-97.7431");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: "Please sign in to continue." });
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ["lon=10", "lat: lat is required"],
    ["lat=10", "lon: lon is required"],
    ["lat=&lon=10", "lat: lat must be a decimal number"],
    ["lat=abc&lon=10", "lat: lat must be a decimal number"],
    ["lat=1e2&lon=10", "lat: lat must be a decimal number"],
    ["lat=Infinity&lon=10", "lat: lat must be a decimal number"],
    ["lat=90.5&lon=10", "lat: lat must be between -90 and 90"],
    ["lat=-91&lon=10", "lat: lat must be between -90 and 90"],
    ["lat=10&lon=180.01", "lon: lon must be between -180 and 180"],
    ["lat=10&lon=-181", "lon: lon must be between -180 and 180"],
  ])("refuses %s with a 400", async (query, error) => {
    const fetch = mapsServiceAnswers(recorded.cityInState);
    const { status, body } = await reverse(query, { invalid: true });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("names the place, asking the service only for the point rounded to about 1 km, in the member's language", async () => {
    const fetch = mapsServiceAnswers(recorded.cityInState);
    const { status, body } = await reverse("lat=30.26715&lon=-97.74306", { headers: { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8" } });

    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { location: "Austin, Texas" } });
    const url = askedUrl(fetch);
    expect(url.host).toBe("nominatim.openstreetmap.org");
    expect(url.searchParams.get("lat")).toBe("30.27");
    expect(url.searchParams.get("lon")).toBe("-97.74");
    const headers = new Headers(fetch.mock.calls[0]![1]?.headers);
    expect(headers.get("Accept-Language")).toBe("fr-ca");
    expect(headers.get("User-Agent")).toBe("BookClub/1.0 (+http://localhost)");
  });

  it("answers a nearby point (same ~1 km cell, same language) from the cache", async () => {
    const fetch = mapsServiceAnswers(recorded.townInCountry);
    const first = await reverse("lat=47.1392&lon=9.5228");
    const second = await reverse("lat=47.1406&lon=9.5211");
    expect(first.body.data).toEqual({ location: "Vaduz, Liechtenstein" });
    expect(second.body.data).toEqual({ location: "Vaduz, Liechtenstein" });
    expect(fetch).toHaveBeenCalledTimes(1);

    // Another language is another answer.
    await reverse("lat=47.1392&lon=9.5228", { headers: { "Accept-Language": "de-LI" } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(new Headers(fetch.mock.calls[1]![1]?.headers).get("Accept-Language")).toBe("de-li");
  });

  it("falls back to the coordinates, rounded to 0.01° as others would see them, when the service cannot be reached, and does not cache that", async () => {
    mapsServiceUnreachable();
    const { status, body } = await reverse("lat=51.50735&lon=-0.12776");
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { location: "51.51, -0.13" } });

    vi.restoreAllMocks();
    const fetch = mapsServiceAnswers({ ...recorded.cityInState, address: { city: "London", state: "England", country: "United Kingdom" } });
    expect((await reverse("lat=51.50735&lon=-0.12776")).body.data).toEqual({ location: "London, England" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["an error object", () => Response.json(recorded.unableToGeocode)],
    ["an HTML error page", () => new Response(recorded.badGatewayHtml, { status: 502, headers: { "Content-Type": "text/html" } })],
    ["malformed JSON", () => new Response(recorded.truncatedJson)],
    ["a 429", () => new Response(recorded.tooManyRequestsHtml, { status: 429 })],
  ])("falls back to the coordinates when the service answers %s", async (_, answer) => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => answer());
    const { body } = await reverse("lat=-12.3456789&lon=-45.6789012");
    expect(body).toEqual({ success: true, data: { location: "-12.35, -45.68" } });
  });

  it("limits look-ups that reach the service per member, apart from e-mail look-ups and from other members", { timeout: 30_000 }, async () => {
    await startOfRateLimitWindow();
    const busy = await signedInMember();
    mapsServiceUnreachable();
    const statuses: number[] = [];
    let refused: Envelope | undefined;
    // Each point is a new cell, so each look-up would reach the service.
    for (let i = 0; i < 32; i++) {
      const { status, body } = await reverse(`lat=10.${String(i).padStart(2, "0")}&lon=20`, { cookie: busy.cookie });
      statuses.push(status);
      if (status === 429) refused ??= body;
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(refused).toEqual({ success: false, error: GEOCODE_RATE_LIMITED });

    // The e-mail look-up shares the binding, not the budget.
    const lookup = await call(`/api/users/query?email=${encodeURIComponent(member.user.email)}`, { cookie: busy.cookie });
    expect(lookup.status).toBe(200);
    expect((await reverse("lat=10.99&lon=20")).status).toBe(200);
  });
});
