import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

/** Sends a request through the Worker's real fetch handler (the production build). */
export function call(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { ...init, headers, body, redirect: "manual" }));
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface Envelope<T = unknown> {
  success: boolean;
  data?: T;
  error?: string;
}
