import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDatabase>;

function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

// One drizzle client per D1 binding object, so the schema is not re-walked per request.
const clients = new WeakMap<D1Database, Database>();

export function getDatabase(d1: D1Database): Database {
  let db = clients.get(d1);
  if (!db) {
    db = createDatabase(d1);
    clients.set(d1, db);
  }
  return db;
}
