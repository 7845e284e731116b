import { Hono } from "hono";
import { decodePathOrNull } from "../shared/url";
import type { AppEnv } from "./app-env";

// Keys are server-chosen and never rewritten (a new picture gets a new key), so objects are immutable.
const IMMUTABLE = "public, max-age=31536000, immutable";
const KEY_PATTERN = /^(covers|avatars)\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,128}$/;

export const media = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  // A malformed escape names no object we could have stored: not found, like any other unknown key.
  const key = decodePathOrNull(new URL(c.req.url).pathname.replace(/^\/media\//, ""));
  if (key === null || !KEY_PATTERN.test(key)) return c.text("Not found", 404);

  const object = await c.env.MEDIA.get(key, {
    onlyIf: c.req.raw.headers,
  });
  if (!object) return c.text("Not found", 404);

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", IMMUTABLE);
  // Covers may be SVG: never let a media response run script or be framed.
  headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");

  if (!("body" in object)) return new Response(null, { status: 304, headers });
  if (c.req.method === "HEAD") return new Response(null, { headers });
  return new Response(object.body, { headers });
});
