import { encodeBase64 } from "@oslojs/encoding";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  return [
    "default-src 'self'",
    // strict-dynamic lets React Router's nonced module scripts load their own chunks. The dev
    // server injects its own inline scripts and hot-reloads modules, so it runs without a nonce.
    // 'wasm-unsafe-eval' lets the ISBN scanner compile ZXing's WebAssembly (served from our origin);
    // it allows WebAssembly compilation only, not eval().
    options.dev ? "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'" : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'`,
    // Vite's dev server injects styles at run time; the built app only links its stylesheet.
    options.dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    // Photos picked for upload are read back from blob: URLs while they are downscaled.
    "connect-src 'self' blob:",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Sets the per-request nonce and the headers every response carries. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  // No nonce in dev: React Router's dev-only stylesheet link would otherwise differ at hydration.
  c.set("nonce", import.meta.env.DEV ? "" : encodeBase64(crypto.getRandomValues(new Uint8Array(16))));
  await next();

  const headers = c.res.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(self), microphone=(self), geolocation=(self)");
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(c.get("nonce"), { dev: import.meta.env.DEV }));
    headers.set("X-Frame-Options", "DENY");
  }
};
