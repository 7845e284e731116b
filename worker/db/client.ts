import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof createDatabase>;

// No `schema` option: it only serves drizzle's relational `db.query` API, which we do not use, and
// walking the schema for it cost about 1.5 ms on every request (a client is made per D1 session).
function createDatabase(d1: D1Database) {
  return drizzle(d1);
}

// One drizzle client per D1 binding object.
const clients = new WeakMap<D1Database, Database>();

/** A client straight on the binding (always the primary): the queue consumer, scripts and tests. */
export function getDatabase(d1: D1Database): Database {
  let db = clients.get(d1);
  if (!db) {
    db = createDatabase(d1);
    clients.set(d1, db);
  }
  return db;
}

/**
 * A client over one request's D1 session. Never cached: the session carries that request's bookmark,
 * so sharing its client would leak one reader's consistency point into another's requests.
 */
export function getSessionDatabase(session: D1DatabaseSession): Database {
  // drizzle-orm 0.45's types ask for a whole D1Database (exec, withSession, dump), but at run time it
  // only calls prepare and batch, which a session has. This is the one place that cast lives.
  return createDatabase(session as unknown as D1Database);
}
