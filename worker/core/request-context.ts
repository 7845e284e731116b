import type { Database } from "@worker/db/client";
import { createContext, type RouterContext } from "react-router";
import type { SessionUser } from "./service-context";
import type { Cell } from "./shared/area-cells";
import type { UiLanguage } from "./shared/languages";

/** What every loader, action and API handler gets from the Worker for one request. */
export interface RequestContext {
  env: Env;
  ctx: { waitUntil(promise: Promise<unknown>): void };
  db: Database;
  user: SessionUser | null;
  sessionId?: string;
  /** The member's area cell, read with the session (ServiceContext.areaCell). */
  areaCell?: Cell | null;
  nonce: string;
  /** The page's language and the Intl locale its dates are written in (worker/core/i18n). */
  language: UiLanguage;
  locale: string;
  url: URL;
}

// Kept on globalThis so a hot-reloaded copy of this module in `npm run dev` still reads the key
// the Worker entry set; in a build there is only ever one copy.
const globalKey = globalThis as { __bookclubRequestContext?: RouterContext<RequestContext> };
globalKey.__bookclubRequestContext ??= createContext<RequestContext>();
export const requestContext = globalKey.__bookclubRequestContext;
