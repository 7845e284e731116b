import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { locationView } from "./api-schemas";
import { reverseGeocode, reverseGeocodeQuery } from "./geocoding";

/** Reverse geocoding goes through the Worker, so the browser talks only to us and the CSP stays 'self'. */
export const geoApi = new Hono<AppEnv>().use("*", membersOnly).get(
  "/reverse",
  doc("GET", {
    summary: "A place name for a position",
    who: "member",
    tags: ["Geo"],
    data: locationView,
    errors: [429],
    description:
      '"city, state"-style text for `lat` and `lon` (decimal degrees), in the language of `Accept-Language`. The maps service only sees the position rounded to about 1 km, and answers are cached for a week; when it cannot answer usefully the text is the coordinates, rounded to 0.01° (about 1 km) as every location others see is. Look-ups that reach the maps service count against the member\'s 30 a minute, shared with the e-mail look-up (429 `Too many location look-ups. Please wait a minute and try again.`).',
  }),
  zv("query", reverseGeocodeQuery),
  async (c) =>
    ok(
      c,
      await reverseGeocode(serviceContext(c), c.req.valid("query"), {
        origin: new URL(c.req.url).origin,
        acceptLanguage: c.req.header("Accept-Language") ?? null,
      }),
    ),
);
