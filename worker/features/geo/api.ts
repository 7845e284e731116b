import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { reverseGeocode, reverseGeocodeQuery } from "./geocoding";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { zv } from "@worker/core/api/validate";

/** Reverse geocoding goes through the Worker, so the browser talks only to us and the CSP stays 'self'. */
export const geoApi = new Hono<AppEnv>().use("*", membersOnly).get("/reverse", zv("query", reverseGeocodeQuery), async (c) =>
  ok(
    c,
    await reverseGeocode(serviceContext(c), c.req.valid("query"), {
      origin: new URL(c.req.url).origin,
      acceptLanguage: c.req.header("Accept-Language") ?? null,
    }),
  ),
);
