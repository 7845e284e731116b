// Browser-side helper for the JSON API. No server imports: this module ships to the client.

import { SESSION_EXPIRED_EVENT } from "./session-events";

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

export interface ApiInit extends RequestInit {
  /** Sent as JSON with the matching Content-Type. */
  json?: unknown;
  /** A 403 here is a refusal to show (e.g. a block), not a lost session: it does not sign the member out. */
  forbiddenIsRefusal?: boolean;
}

/**
 * Calls the API at `path` ("/api/books"; "/books" is read as "/api/books"), unwraps the
 * `{ success, data, error }` envelope and returns `data`. Failures throw an ApiError with the
 * server's message or `defaultError` (a default such as 'Failed to get book'); 401 and 403
 * also raise the session-expired event first. A string body is sent as JSON.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}, defaultError = "Request failed"): Promise<T> {
  const { json, forbiddenIsRefusal = false, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set("Accept", "application/json");
  let body = rest.body;
  if (json !== undefined) body = JSON.stringify(json);
  if (typeof body === "string" && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const url = /^(\/api(\/|$)|https?:\/\/)/.test(path) ? path : `/api${path.startsWith("/") ? "" : "/"}${path}`;
  const response = await fetch(url, { credentials: "same-origin", ...rest, headers, body });

  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.success !== false) return envelope?.data as T;

  const error = new ApiError(response.status, envelope?.error || defaultError);
  if (response.status === 401 || (response.status === 403 && !forbiddenIsRefusal)) {
    window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: { status: response.status } }));
  }
  throw error;
}
