import type { Database } from "@worker/db/client";
import type { Cell } from "./shared/area-cells";

/** The signed-in member as services see it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  bio: string;
  picture: string | null;
  /** An IANA zone. */
  timezone: string;
  /** The member's language on /profile, or null to follow the browser. */
  language: string | null;
  showEmail: boolean;
  /** Who may ask for the member's books unless a book says otherwise (LEND_RULES), and the km of "near". */
  lendTo?: "anyone" | "near" | "clubs" | "following" | "nobody";
  lendWithinKm?: number;
}

/**
 * What all server work needs: the database and the bindings. Work that no visitor asked for
 * (a job's alarm, a queue message, sign-in before a member is known) has only these.
 */
export interface Deps {
  db: Database;
  env: Env;
}

/** What a service needs: the database, the bindings, and who is asking (null for visitors). */
export interface ServiceContext extends Deps {
  user: SessionUser | null;
  /** The session the request came with, when it had one: signing out everywhere spares the tab that asked. */
  sessionId?: string;
  /**
   * The member's area cell (null: none), read with their session so "near me" starts without a read of its
   * own. Server-side only, like every cell. Undefined where no session read it (jobs, sockets): read on demand.
   */
  areaCell?: Cell | null;
  /**
   * Hands over work the answer need not wait for (the other member's bell and e-mail after a
   * message): the request's `waitUntil`. Without it (jobs, scripts) that work is awaited.
   */
  afterResponse?: (work: Promise<unknown>) => void;
}

/** A context whose member is signed in (services narrow to it with requireUser; pages with memberContext). */
export type MemberContext = ServiceContext & { user: SessionUser };
