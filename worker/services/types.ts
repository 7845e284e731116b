import type { Database } from "../db/client";
import type { Timezone } from "../db/schema";

/** The signed-in member as services see it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  bio: string;
  picture: string | null;
  timezone: Timezone;
  showEmail: boolean;
}

/** What a service needs: the database, the bindings, and who is asking (null for visitors). */
export interface ServiceContext {
  db: Database;
  env: Env;
  user: SessionUser | null;
  /** The session the request came with, when it had one: signing out everywhere spares the tab that asked. */
  sessionId?: string;
  /**
   * Hands over work the answer need not wait for (the other member's bell and e-mail after a
   * message): the request's `waitUntil`. Without it (jobs, scripts) that work is awaited.
   */
  afterResponse?: (work: Promise<unknown>) => void;
}
