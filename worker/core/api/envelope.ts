import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The API's response envelope (docs/product.md#api): `{ success, data }` or `{ success: false, error }`. */
export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200): Response {
  return c.json({ success: true as const, data }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, error: string): Response {
  return c.json({ success: false as const, error }, status);
}
