import { Hono } from "hono";
import { serviceContext, type AppEnv } from "../http/app-env";
import { reverseGeocode, reverseGeocodeQuery } from "../services/geocoding";
import { ok } from "./envelope";
import { membersOnly } from "./members-only";
import { zv } from "./validate";

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
