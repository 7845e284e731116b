import { createContext } from "react-router";
import type { Database } from "./db/client";
import type { SessionUser } from "./services/types";

/** What every loader, action and API handler gets from the Worker for one request. */
export interface RequestContext {
  env: Env;
  ctx: { waitUntil(promise: Promise<unknown>): void };
  db: Database;
  user: SessionUser | null;
  nonce: string;
  url: URL;
}

export const requestContext = createContext<RequestContext>();
