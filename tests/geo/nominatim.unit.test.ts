import { coordinatesText, formatPlace } from "@worker/features/geo/location-text";
import { NOMINATIM_REVERSE_URL, reverseLookup } from "@worker/features/geo/nominatim";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as recorded from "./fixtures/nominatim";

const options = { language: "en", userAgent: "BookClub/1.0 (+http://localhost)" };

/** Answers every outbound request with `respond`, and keeps the requests for inspection. */
function serve(respond: (request: Request) => Response | Promise<Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => respond(new Request(input, init)));
}

function jsonAnswer(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/** The place text a recorded answer gives, as the service formats it. */
async function placeTextFor(body: unknown) {
  serve(() => jsonAnswer(body));
  const place = await reverseLookup({ lat: 1, lon: 2 }, options);
  return place && formatPlace(place);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reverseLookup against recorded Nominatim answers", () => {
  it.each([
    ["a city in a state", recorded.cityInState, "Austin, Texas"],
    ["a town in a country without states", recorded.townInCountry, "Vaduz, Liechtenstein"],
    ["a village", recorded.village, "Grasmere, England"],
    ["a municipality", recorded.municipality, "Kiruna kommun, Sverige"],
    ["a rural point with only a state", recorded.stateOnly, "Northern Territory, Australia"],
    ["a region in place of a state", recorded.villageInRegion, "Gásadalur, Vágar"],
    ["the sea off a coast (country only)", recorded.countryOnly, "Portugal"],
    ["fields of the wrong type next to good ones", recorded.oddTypes, "Springfield, United States"],
    ["names with control and bidi characters", recorded.controlCharacters, "Berlin, Deutschland"],
  ])("formats %s", async (_, body, expected) => {
    expect(await placeTextFor(body)).toBe(expected);
  });

  it("asks for the point at town level in jsonv2, naming the app and the member's language", async () => {
    const fetch = serve(() => jsonAnswer(recorded.cityInState));
    await reverseLookup({ lat: 30.27, lon: -97.74 }, { language: "fr-ca", userAgent: "BookClub/1.0 (+https://books.example)" });

    expect(fetch).toHaveBeenCalledTimes(1);
    const request = new Request(fetch.mock.calls[0]![0], fetch.mock.calls[0]![1]);
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(NOMINATIM_REVERSE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: "jsonv2", lat: "30.27", lon: "-97.74", zoom: "10", addressdetails: "1" });
    expect(request.headers.get("User-Agent")).toBe("BookClub/1.0 (+https://books.example)");
    expect(request.headers.get("Accept-Language")).toBe("fr-ca");
    expect(fetch.mock.calls[0]![1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("uses a configured endpoint instead of the public one", async () => {
    const fetch = serve(() => jsonAnswer(recorded.townInCountry));
    await reverseLookup({ lat: 47.14, lon: 9.52 }, { ...options, endpoint: "http://127.0.0.1:8088/reverse" });
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.host).toBe("127.0.0.1:8088");
    expect(url.searchParams.get("format")).toBe("jsonv2");
  });

  it.each([
    ["the error object the service sends for open ocean", () => jsonAnswer(recorded.unableToGeocode)],
    ["JSON cut off mid-way", () => new Response(recorded.truncatedJson, { headers: { "Content-Type": "application/json" } })],
    ["a gateway's HTML error page", () => new Response(recorded.badGatewayHtml, { status: 502, headers: { "Content-Type": "text/html" } })],
    ["an HTML page with status 200", () => new Response(recorded.badGatewayHtml, { headers: { "Content-Type": "text/html" } })],
    ["the usage-policy 429", () => new Response(recorded.tooManyRequestsHtml, { status: 429, headers: { "Content-Type": "text/html" } })],
    ["a JSON array", () => jsonAnswer([recorded.cityInState])],
    ["JSON null", () => jsonAnswer(null)],
    ["an address that is a string", () => jsonAnswer({ address: "Austin, Texas" })],
    ["an oversized body", () => new Response(JSON.stringify({ address: { city: "x".repeat(70_000) } }))],
  ])("gives no place for %s", async (_, answer) => {
    serve(answer);
    expect(await reverseLookup({ lat: 1, lon: 2 }, options)).toBeNull();
  });

  it("gives no place when the service cannot be reached", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    expect(await reverseLookup({ lat: 1, lon: 2 }, options)).toBeNull();
  });

  it("gives up after its timeout when the service does not answer", async () => {
    // The service never answers; only the request's own signal ends the wait.
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
        }),
    );
    const started = Date.now();
    expect(await reverseLookup({ lat: 1, lon: 2 }, { ...options, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("place text (docs/product.md#location)", () => {
  it.each([
    [{ city: "Austin", state: "Texas", country: "United States" }, "Austin, Texas"],
    [{ city: "Vaduz", country: "Liechtenstein" }, "Vaduz, Liechtenstein"],
    [{ state: "Northern Territory", country: "Australia" }, "Northern Territory, Australia"],
    [{ country: "Portugal" }, "Portugal"],
    [{ city: "Nowhere" }, null],
    [{ state: "Somewhere" }, null],
    [{}, null],
  ])("%o gives %s", (place, expected) => {
    expect(formatPlace(place)).toBe(expected);
  });

  it("keeps a suggestion within a club location's 100 characters", () => {
    const text = formatPlace({ city: "Llanfair".repeat(10), state: "Gwynedd".repeat(5) });
    expect(text).toHaveLength(100);
    expect(text!.endsWith("…")).toBe(true);
  });

  it.each([
    [{ lat: 51.50735, lon: -0.12776 }, "51.5074, -0.1278"],
    [{ lat: -33.8688, lon: 151.2093 }, "-33.8688, 151.2093"],
    [{ lat: 0, lon: 0 }, "0.0000, 0.0000"],
    [{ lat: -0.00001, lon: 0.00004 }, "0.0000, 0.0000"],
    [{ lat: 90, lon: -180 }, "90.0000, -180.0000"],
  ])("writes %o as %s", (point, expected) => {
    expect(coordinatesText(point)).toBe(expected);
  });
});
