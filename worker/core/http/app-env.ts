import type { Database } from "@worker/db/client";
import type { ServiceContext, SessionUser } from "../service-context";
import type { Cell } from "../shared/area-cells";
import type { UiLanguage } from "../shared/languages";

/** Hono's view of a request: bindings plus what the middleware resolved. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    nonce: string;
    db: Database;
    user: SessionUser | null;
    /** The member's area cell, read with the session (ServiceContext.areaCell); unset for visitors. */
    areaCell?: Cell | null;
    /** The language this request is answered in (worker/core/i18n/language-middleware.ts). */
    language: UiLanguage;
    /** The Intl locale its dates and numbers are written in, e.g. "es-MX". */
    locale: string;
    /** Set when the request carried a valid session; `via` decides whether CSRF checks apply. */
    session?: { id: string; via: "cookie" | "bearer" };
    /** A Set-Cookie the session middleware sends after the handler (renewal, or clearing a dead cookie). */
    pendingSessionCookie?: string;
    /** The viewer cookie's Set-Cookie, kept in step with the session cookie (worker/features/auth/viewer-cookie.ts). */
    pendingViewerCookie?: string;
  };
}

export function serviceContext(c: {
  env: Env;
  executionCtx: { waitUntil(promise: Promise<unknown>): void };
  get: <K extends keyof AppEnv["Variables"]>(key: K) => AppEnv["Variables"][K];
}): ServiceContext {
  return {
    db: c.get("db"),
    env: c.env,
    user: c.get("user"),
    sessionId: c.get("session")?.id,
    areaCell: c.get("areaCell"),
    afterResponse: (work) => c.executionCtx.waitUntil(work),
  };
}
