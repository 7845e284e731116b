// Browser-side helper for the JSON API. No server imports: this module ships to the client.

import type { ApiRoutes } from "@worker/api";
import { msg } from "@worker/core/shared/translate";
import type { ExtractSchema } from "hono/types";
import { raiseSessionExpired } from "./session-events";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface Envelope<T> {
  success?: boolean;
  data?: T;
  error?: string;
}

// The API's routes and answers, as the Worker declares them (worker/api.ts): types only, nothing of
// the server reaches the browser. A call names its route as Hono registered it ("/clubs/:id/leave")
// and gets that route's `data` type, so a changed answer fails the type check where it is used.
type Schema = ExtractSchema<ApiRoutes>;
/** Every API route, as registered under /api (e.g. "/dm/conversations/:id/messages"). */
export type ApiRoute = keyof Schema & string;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Endpoints<R extends ApiRoute, M extends Method> = `$${Lowercase<M>}` extends keyof Schema[R] ? Schema[R][`$${Lowercase<M>}`] : never;
/** The `data` a route answers with when it succeeds. */
export type ApiData<R extends ApiRoute, M extends Method = "GET"> =
  Endpoints<R, M> extends infer E ? (E extends { output: infer O } ? (O extends { success: true; data: infer D } ? D : never) : never) : never;
type ParamName<R extends string> = R extends `${string}:${infer P}/${infer Rest}`
  ? BareName<P> | ParamName<`/${Rest}`>
  : R extends `${string}:${infer P}`
    ? BareName<P>
    : never;
type BareName<P extends string> = P extends `${infer N}{${string}` ? N : P;
type Params<R extends ApiRoute> = [ParamName<R>] extends [never] ? { params?: undefined } : { params: Record<ParamName<R>, string> };

export type ApiInit<R extends ApiRoute, M extends Method> = Omit<RequestInit, "method"> &
  Params<R> & {
    method?: M;
    /** Sent as JSON with the matching Content-Type. */
    json?: unknown;
    /** The query string; undefined values are left out. */
    query?: Record<string, string | number | boolean | undefined>;
    /** A 403 here is a refusal to show (e.g. a block), not a lost session: it does not sign the member out. */
    forbiddenIsRefusal?: boolean;
  };

/** The route's URL: its parameters filled in (encoded), then the query. */
function urlFor(route: string, params: Record<string, string> = {}, query: Record<string, string | number | boolean | undefined> = {}): string {
  const path = route.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const queryString = search.toString();
  return `/api${path}${queryString ? `?${queryString}` : ""}`;
}

/**
 * Calls the API route `route` ("/dm/conversations/:id/messages", with `params` for its parts),
 * unwraps the `{ success, data, error }` envelope and returns `data`, typed by the route. Failures
 * throw an ApiError with the server's message or `defaultError` (a default such as 'Failed to get
 * book'); 401 and 403 also raise the session-expired event first. A string body is sent as JSON.
 */
export async function apiFetch<R extends ApiRoute, M extends Method = "GET">(
  route: R,
  init: ApiInit<R, M> = {} as ApiInit<R, M>,
  // Callers pass their own words, already in the page's language; this English fallback is marked for the catalogue.
  defaultError = msg("Request failed"),
): Promise<ApiData<R, M>> {
  const { json, forbiddenIsRefusal = false, headers: initHeaders, params, query, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set("Accept", "application/json");
  let body: BodyInit | null | undefined = rest.body;
  if (json !== undefined) body = JSON.stringify(json);
  if (typeof body === "string" && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const url = urlFor(route, params, query);
  const response = await fetch(url, { credentials: "same-origin", ...rest, headers, body });

  let envelope: Envelope<ApiData<R, M>> | null = null;
  try {
    envelope = (await response.json()) as Envelope<ApiData<R, M>>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.success !== false) return envelope?.data as ApiData<R, M>;

  const error = new ApiError(response.status, envelope?.error || defaultError);
  if (response.status === 401 || (response.status === 403 && !forbiddenIsRefusal)) {
    raiseSessionExpired(response.status);
  }
  throw error;
}
