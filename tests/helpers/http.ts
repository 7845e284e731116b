import { exports } from "cloudflare:workers";
import { checkAgainstDocument, checkRequestAgainstDocument } from "./openapi";

export const ORIGIN = "http://localhost";

/** Headers a same-origin browser request carries, so cookie-authenticated writes pass the CSRF check. */
export const SAME_ORIGIN = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface CallInit extends RequestInit {
  cookie?: string;
  json?: unknown;
  /**
   * The test sends input the document does not allow on purpose (to see it refused), so the request is
   * not checked against it. Without it, an /api request must be what its operation takes.
   */
  invalid?: boolean;
}

/** Sends a request through the Worker's real fetch handler (the production build). */
export async function call(path: string, init: CallInit = {}): Promise<Response> {
  const { cookie, json: jsonBody, invalid, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (cookie) headers.set("Cookie", cookie);
  let body = rest.body;
  if (jsonBody !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(jsonBody);
  }
  const request = new Request(new URL(path, ORIGIN), { ...rest, headers, body, redirect: "manual" });
  if (!invalid) await checkRequestAgainstDocument(request);
  const response = await exports.default.fetch(request);
  await checkAgainstDocument(request, response);
  return response;
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface Envelope<T = unknown> {
  success: boolean;
  data?: T;
  error?: string;
}

/** An API answer: the status and the envelope it carried. */
export type Answer<T> = { status: number; body: Envelope<T> };

/** Who calls: a member (from signedInMember, or just the credential a test means to send), or a visitor (null). */
export type Caller = { cookie?: string; token?: string } | null;

export interface ApiInit {
  method?: string;
  /** Sent as the JSON body when given. */
  json?: unknown;
  /**
   * How the member proves who they are. "cookie" (the default) is the app's own pages: the session
   * cookie with the same-origin headers a browser adds, so writes pass the CSRF check. "bearer" is
   * another client: the token alone, no browser headers.
   */
  auth?: "cookie" | "bearer";
  /** Replaces the headers `auth` would add (the credential itself is still sent). */
  headers?: HeadersInit;
  /** The test sends input the document does not allow, on purpose (see `call`). */
  invalid?: boolean;
}

/** Any `/api` call (`path` is what follows `/api`), answered with its status and envelope. */
export async function api<T = unknown>(path: string, caller: Caller, init: ApiInit = {}): Promise<Answer<T>> {
  const viaBearer = init.auth === "bearer";
  const headers = new Headers(init.headers ?? (viaBearer ? {} : SAME_ORIGIN));
  if (viaBearer && caller?.token !== undefined) headers.set("Authorization", `Bearer ${caller.token}`);
  const response = await call(`/api${path}`, {
    method: init.method ?? "GET",
    headers,
    cookie: viaBearer ? undefined : caller?.cookie,
    invalid: init.invalid,
    ...(init.json !== undefined ? { json: init.json } : {}),
  });
  return { status: response.status, body: await json<Envelope<T>>(response) };
}
