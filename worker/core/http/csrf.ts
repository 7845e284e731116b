import type { Context, MiddlewareHandler } from "hono";
import { fail } from "../api/envelope";
import { translate } from "../i18n/request-language";
import { CROSS_SITE_REFUSED } from "../shared/rules";
import type { AppEnv } from "./app-env";

export { CROSS_SITE_REFUSED };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Checked even without a session: a cross-site POST must not sign a browser in (login CSRF).
const SIGN_IN_PATHS = new Set(["/login", "/auth/google", "/auth/callback"]);
// Authorised by a signed token in the request, never by the session: an e-mail's one-click
// unsubscribe (RFC 8058) is posted from another site by design, and a cookie riding along gives a
// forger nothing, since the action ignores who is signed in.
const TOKEN_AUTHORISED_PATHS = new Set(["/unsubscribe"]);

/**
 * The path as React Router matches it, so a check here cannot be dodged by spelling a route
 * differently: single-fetch suffix dropped (`/x.data`, `/x/_.data`), each segment percent-decoded
 * (`%2F` stays encoded; a malformed escape leaves the path as sent, as the router does), compared
 * case-insensitively and with trailing slashes ignored.
 */
export function routerPath(url: URL): string {
  const raw = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.replace(/\.data$/, "");
  let decoded = raw;
  try {
    decoded = raw
      .split("/")
      .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
      .join("/");
  } catch {
    // Not decodable: the router matches the raw text too.
  }
  return decoded.toLowerCase().replace(/\/+$/, "") || "/";
}

/**
 * True when the browser says the request comes from another site: an Origin other than ours, or,
 * without Origin, a Sec-Fetch-Site other than same-origin/none. Requests with neither header are
 * not from a browser that could be tricked, so they pass.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * True when the browser says another site sent this navigation: Sec-Fetch-Site cross-site or
 * same-site (another origin of the site); without that header, an Origin naming another origin. The
 * browser's own navigations pass (the phone's share sheet: `none`, with the opaque Origin "null"),
 * and so do our pages'.
 */
export function isForeignNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== "null" && origin !== new URL(request.url).origin;
}

/**
 * The plain-text refusal a page request from another site gets, in the request's language (English
 * before the language is known: the share target's POST is answered ahead of that middleware).
 */
export const crossSiteRefusedPage = (c: Context) => c.text(`403 Forbidden: ${translate(CROSS_SITE_REFUSED)}`, 403);

/**
 * CSRF protection for every state-changing request a browser authenticates by cookie (API and page
 * actions alike), and for the sign-in endpoints. Bearer tokens are never sent automatically by a
 * browser, so Bearer requests skip it; so do anonymous requests, which have nothing to abuse.
 * SameSite=Lax already stops most cross-site POSTs; this also covers same-site, cross-origin ones.
 */
export const csrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const via = c.get("session")?.via;
  if (via === "bearer") return next();
  const path = routerPath(new URL(c.req.url));
  if (TOKEN_AUTHORISED_PATHS.has(path)) return next();
  if (via !== "cookie" && !SIGN_IN_PATHS.has(path)) return next();
  if (!isCrossSiteRequest(c.req.raw)) return next();
  if (path === "/api" || path.startsWith("/api/")) return fail(c, 403, translate(CROSS_SITE_REFUSED));
  return crossSiteRefusedPage(c);
};
