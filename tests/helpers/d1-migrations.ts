// Migrates an empty D1 in one batch: every migration, and the table `wrangler d1 migrations apply` keeps (so the
// state reads as migrated to wrangler too). Where a database starts empty: each vitest file, the journeys' server.
import type { D1Database } from "@cloudflare/workers-types";

export interface Migration {
  name: string;
  queries: string[];
}

export async function migrateEmptyDatabase(db: D1Database, migrations: Migration[]): Promise<void> {
  await db.batch([
    db.prepare("CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)"),
    ...migrations.flatMap(({ name, queries }) => [
      ...queries.map((query) => db.prepare(query)),
      db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
    ]),
  ]);
}
