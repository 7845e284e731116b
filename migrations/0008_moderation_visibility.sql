-- Hidden books (books.hidden: a moderator hid the book, or its owner is suspended) leave the library:
-- they drop out of the search index and out of the trigger-kept counters, so listings, searches and
-- totals stay index-served and never have to filter hidden rows by scanning.
-- Hand-written: drizzle-kit does not model triggers. Every book is visible when this runs (0007 added
-- the column as null), so the existing index and counters are already right.

DROP TRIGGER IF EXISTS `books_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `books_fts_after_insert` AFTER INSERT ON `books` WHEN new.hidden IS NULL BEGIN
  INSERT INTO books_fts(rowid, title, author, description, isbn10, isbn13)
  VALUES (new.seq, new.title, new.author, new.description, new.isbn10, new.isbn13);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `books_fts_after_delete`;
--> statement-breakpoint
-- An external-content FTS5 'delete' of a row it does not hold corrupts the index: only visible rows are removed.
CREATE TRIGGER `books_fts_after_delete` AFTER DELETE ON `books` WHEN old.hidden IS NULL BEGIN
  INSERT INTO books_fts(books_fts, rowid, title, author, description, isbn10, isbn13)
  VALUES ('delete', old.seq, old.title, old.author, old.description, old.isbn10, old.isbn13);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `books_fts_after_update`;
--> statement-breakpoint
-- One trigger for text edits and for hiding or showing a book: out with the old entry if it was
-- indexed, in with the new one if the book is visible now.
CREATE TRIGGER `books_fts_after_update` AFTER UPDATE OF title, author, description, isbn10, isbn13, hidden ON `books` BEGIN
  INSERT INTO books_fts(books_fts, rowid, title, author, description, isbn10, isbn13)
  SELECT 'delete', old.seq, old.title, old.author, old.description, old.isbn10, old.isbn13 WHERE old.hidden IS NULL;
  INSERT INTO books_fts(rowid, title, author, description, isbn10, isbn13)
  SELECT new.seq, new.title, new.author, new.description, new.isbn10, new.isbn13 WHERE new.hidden IS NULL;
END;
--> statement-breakpoint
-- Counter scopes as in 0001 ('all', 'age:{group}', 'user:{id}', 'user-age:{id}:{group}'), over visible books only.
DROP TRIGGER IF EXISTS `book_counts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `book_counts_after_insert` AFTER INSERT ON `books` WHEN new.hidden IS NULL BEGIN
  INSERT INTO book_counts(scope, n) VALUES ('all', 1) ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) VALUES ('user:' || new.user_id, 1) ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'age:' || new.age_group_fine, 1 WHERE new.age_group_fine IS NOT NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'user-age:' || new.user_id || ':' || new.age_group_fine, 1
    WHERE new.age_group_fine IS NOT NULL ON CONFLICT(scope) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `book_counts_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `book_counts_after_delete` AFTER DELETE ON `books` WHEN old.hidden IS NULL BEGIN
  UPDATE book_counts SET n = n - 1 WHERE scope IN (
    'all', 'user:' || old.user_id, 'age:' || old.age_group_fine, 'user-age:' || old.user_id || ':' || old.age_group_fine
  );
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `book_counts_after_update`;
--> statement-breakpoint
-- A move (owner, age group) or a change of visibility: the old scopes lose the book if it was
-- counted, the new ones gain it if it is visible now ('all' nets to zero for a plain move).
CREATE TRIGGER `book_counts_after_update` AFTER UPDATE OF user_id, age_group_fine, hidden ON `books`
WHEN old.user_id IS NOT new.user_id OR old.age_group_fine IS NOT new.age_group_fine OR (old.hidden IS NULL) <> (new.hidden IS NULL) BEGIN
  UPDATE book_counts SET n = n - 1 WHERE old.hidden IS NULL AND scope IN (
    'all', 'user:' || old.user_id, 'age:' || old.age_group_fine, 'user-age:' || old.user_id || ':' || old.age_group_fine
  );
  INSERT INTO book_counts(scope, n) SELECT 'all', 1 WHERE new.hidden IS NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'user:' || new.user_id, 1 WHERE new.hidden IS NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'age:' || new.age_group_fine, 1 WHERE new.hidden IS NULL AND new.age_group_fine IS NOT NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'user-age:' || new.user_id || ':' || new.age_group_fine, 1
    WHERE new.hidden IS NULL AND new.age_group_fine IS NOT NULL ON CONFLICT(scope) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- The moderators' list of suspended members (few rows; the partial index holds only them).
CREATE INDEX `users_suspended_idx` ON `users` (`suspended_at`) WHERE suspended_at is not null;
