import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { locationView, memberAreaView } from "./api-schemas";
import { geocodeRequestOf, reverseGeocode, reverseGeocodeQuery } from "./geocoding";
import { clearMemberArea, findMemberArea, setMemberArea, setMemberAreaSchema } from "./member-area";

const AREA_PRIVACY =
  "Only a cell of 0.01° (about 1 km) and the place's name are stored; no answer, to anyone, carries the cell or coordinates: others only ever see a distance, rounded.";

/** Reverse geocoding goes through the Worker, so the browser talks only to us and the CSP stays 'self'. */
export const geoApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
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
    async (c) => ok(c, await reverseGeocode(serviceContext(c), c.req.valid("query"), geocodeRequestOf(c.req.raw))),
  )
  .get(
    "/my-area",
    doc("GET", {
      summary: "My area",
      who: "member (own only)",
      tags: ["Geo"],
      data: memberAreaView,
      description: `The place's name of my area, or null. ${AREA_PRIVACY}`,
    }),
    async (c) => ok(c, await findMemberArea(serviceContext(c))),
  )
  .put(
    "/my-area",
    doc("PUT", {
      summary: "Set my area",
      who: "member (own only)",
      tags: ["Geo"],
      data: memberAreaView,
      errors: [429],
      description: `\`{lat, lon}\` (the browser's position) or \`{place}\` (looked up through the maps service; 400 \`We couldn't find that place. Try a town or city name.\`), not both. ${AREA_PRIVACY} Look-ups count against the member's 30 a minute (429).`,
    }),
    jsonBody(setMemberAreaSchema),
    async (c) => ok(c, await setMemberArea(serviceContext(c), c.req.valid("json"), geocodeRequestOf(c.req.raw))),
  )
  .delete(
    "/my-area",
    doc("DELETE", {
      summary: "Clear my area",
      who: "member (own only)",
      tags: ["Geo"],
      data: memberAreaView,
      description: "Removes the area's cell: my books are near no one until I set one again.",
    }),
    async (c) => ok(c, await clearMemberArea(serviceContext(c))),
  );
