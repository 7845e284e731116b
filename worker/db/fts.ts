import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Query-only views of the FTS5 tables created by migrations/0001; kept out of drizzle.config's
// schema so drizzle-kit never tries to create them as ordinary tables.
export const booksFts = sqliteTable("books_fts", {
  rowid: integer("rowid").notNull(),
  match: text("books_fts"),
});

export const clubsFts = sqliteTable("clubs_fts", {
  rowid: integer("rowid").notNull(),
  match: text("clubs_fts"),
});
