import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { readConfig } from "../config";
import type { AppEnv } from "../http/app-env";
import { LANGUAGE_COOKIE } from "../shared/languages";
import { chooseLanguage, intlLocale } from "./negotiate";
import { inLanguage } from "./request-language";

/**
 * Chooses the request's language (after the session is known: a member's own choice counts) and
 * answers inside it, so refusals, pages and API errors are written in it. `?lang=` is read only for
 * pages (their crawlable per-language addresses); the API follows the member, the cookie and the browser.
 */
export const requestLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const acceptLanguage = c.req.header("Accept-Language") ?? null;
  const language = chooseLanguage({
    query: url.pathname.startsWith("/api/") ? null : url.searchParams.get("lang"),
    member: c.get("user")?.language,
    cookie: getCookie(c, LANGUAGE_COOKIE) ?? null,
    acceptLanguage,
    pseudoAllowed: readConfig(c.env).DEV_SIGN_IN,
  });
  c.set("language", language);
  c.set("locale", intlLocale(language, acceptLanguage));
  await inLanguage(language, () => next());
};
