import type { AppEnv } from "@worker/core/http/app-env";
import { translate } from "@worker/core/i18n/request-language";
import type { Context } from "hono";
import { calendarFeed } from "./calendar-feeds";

/**
 * GET /calendar/{token}.ics: what calendar apps subscribe to. Outside /api, as calendar apps expect a
 * plain file; no session: the secret in the address is the credential. An unknown or revoked token,
 * or a suspended or deleted member's, gets the same 404 as a mistyped one.
 */
export async function calendarFeedHandler(c: Context<AppEnv>) {
  const file = c.req.param("file") ?? "";
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  const body = token ? await calendarFeed({ db: c.get("db"), env: c.env }, token, new URL(c.req.url).origin) : null;
  if (body === null) return c.text(translate("Calendar feed not found"), 404, { "Cache-Control": "no-store" });
  return c.body(body, 200, { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store" });
}
