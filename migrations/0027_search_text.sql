-- Issue 37: search in every language. The FTS5 indexes now hold the text the app prepares
-- (worker/core/shared/search-text.ts: NFKC, ß, Arabic and Persian forms, CJK bigrams, Thai words), which
-- SQL cannot compute: the app writes it into search_* columns on every write, null where unicode61 makes
-- the same words of the original, and the triggers index coalesce(search_*, original). Existing rows keep
-- their index entries (the originals) until the backfill job (worker/features/search-index) writes their
-- text in batches, from search_reindex's cursor; the update triggers then swap their entries.
-- books_fts and clubs_fts stay as they are (rebuilding them would be one statement over every row):
-- external content tables, whose 'delete' must repeat what was indexed, which coalesce() gives.
CREATE TABLE `search_reindex` (
	`table_name` text PRIMARY KEY NOT NULL,
	`after_seq` integer DEFAULT 0 NOT NULL,
	`done_at` integer
);
--> statement-breakpoint
ALTER TABLE `books` ADD `search_title` text;--> statement-breakpoint
ALTER TABLE `books` ADD `search_author` text;--> statement-breakpoint
ALTER TABLE `books` ADD `search_description` text;--> statement-breakpoint
ALTER TABLE `clubs` ADD `search_name` text;--> statement-breakpoint
ALTER TABLE `clubs` ADD `search_description` text;--> statement-breakpoint
ALTER TABLE `clubs` ADD `search_location` text;--> statement-breakpoint
INSERT INTO `search_reindex` (`table_name`, `after_seq`) VALUES ('books', 0), ('clubs', 0);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `books_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `books_fts_after_insert` AFTER INSERT ON `books` WHEN new.hidden IS NULL BEGIN
  INSERT INTO books_fts(rowid, title, author, description, isbn10, isbn13)
  VALUES (new.seq, coalesce(new.search_title, new.title), coalesce(new.search_author, new.author),
    coalesce(new.search_description, new.description), new.isbn10, new.isbn13);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `books_fts_after_delete`;
--> statement-breakpoint
-- Hidden books are not in the index (0008): only visible rows are removed, with the text they were indexed with.
CREATE TRIGGER `books_fts_after_delete` AFTER DELETE ON `books` WHEN old.hidden IS NULL BEGIN
  INSERT INTO books_fts(books_fts, rowid, title, author, description, isbn10, isbn13)
  VALUES ('delete', old.seq, coalesce(old.search_title, old.title), coalesce(old.search_author, old.author),
    coalesce(old.search_description, old.description), old.isbn10, old.isbn13);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `books_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `books_fts_after_update`
AFTER UPDATE OF title, author, description, isbn10, isbn13, hidden, search_title, search_author, search_description ON `books` BEGIN
  INSERT INTO books_fts(books_fts, rowid, title, author, description, isbn10, isbn13)
  SELECT 'delete', old.seq, coalesce(old.search_title, old.title), coalesce(old.search_author, old.author),
    coalesce(old.search_description, old.description), old.isbn10, old.isbn13 WHERE old.hidden IS NULL;
  INSERT INTO books_fts(rowid, title, author, description, isbn10, isbn13)
  SELECT new.seq, coalesce(new.search_title, new.title), coalesce(new.search_author, new.author),
    coalesce(new.search_description, new.description), new.isbn10, new.isbn13 WHERE new.hidden IS NULL;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `clubs_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `clubs_fts_after_insert` AFTER INSERT ON `clubs` BEGIN
  INSERT INTO clubs_fts(rowid, name, description, location)
  VALUES (new.seq, coalesce(new.search_name, new.name), coalesce(new.search_description, new.description), coalesce(new.search_location, new.location));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `clubs_fts_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `clubs_fts_after_delete` AFTER DELETE ON `clubs` BEGIN
  INSERT INTO clubs_fts(clubs_fts, rowid, name, description, location)
  VALUES ('delete', old.seq, coalesce(old.search_name, old.name), coalesce(old.search_description, old.description), coalesce(old.search_location, old.location));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `clubs_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `clubs_fts_after_update` AFTER UPDATE OF name, description, location, search_name, search_description, search_location ON `clubs` BEGIN
  INSERT INTO clubs_fts(clubs_fts, rowid, name, description, location)
  VALUES ('delete', old.seq, coalesce(old.search_name, old.name), coalesce(old.search_description, old.description), coalesce(old.search_location, old.location));
  INSERT INTO clubs_fts(rowid, name, description, location)
  VALUES (new.seq, coalesce(new.search_name, new.name), coalesce(new.search_description, new.description), coalesce(new.search_location, new.location));
END;
