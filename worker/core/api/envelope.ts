import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";

/** The API's response envelope (docs/product.md#api): `{ success, data }` or `{ success: false, error }`. */
// The typed answer (not plain Response) is what lets the client know each route's `data` (app/core/api-client.ts).
export function ok<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  data: T,
  status?: S,
): Response & TypedResponse<JSONParsed<{ success: true; data: T }>, S, "json"> {
  return c.json({ success: true as const, data }, (status ?? 200) as S) as never;
}

export function fail<S extends ContentfulStatusCode>(
  c: Context,
  status: S,
  error: string,
): Response & TypedResponse<{ success: false; error: string }, S, "json"> {
  return c.json({ success: false as const, error }, status) as never;
}
