-- Full-text search over books and clubs (FTS5, external content, kept in sync by triggers),
-- and the book counters that let the library show totals without counting rows.

CREATE VIRTUAL TABLE `books_fts` USING fts5(
  title, author, description, isbn10, isbn13,
  content='books', content_rowid='seq',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `books_fts_after_insert` AFTER INSERT ON `books` BEGIN
  INSERT INTO books_fts(rowid, title, author, description, isbn10, isbn13)
  VALUES (new.seq, new.title, new.author, new.description, new.isbn10, new.isbn13);
END;
--> statement-breakpoint
CREATE TRIGGER `books_fts_after_delete` AFTER DELETE ON `books` BEGIN
  INSERT INTO books_fts(books_fts, rowid, title, author, description, isbn10, isbn13)
  VALUES ('delete', old.seq, old.title, old.author, old.description, old.isbn10, old.isbn13);
END;
--> statement-breakpoint
CREATE TRIGGER `books_fts_after_update` AFTER UPDATE OF title, author, description, isbn10, isbn13 ON `books` BEGIN
  INSERT INTO books_fts(books_fts, rowid, title, author, description, isbn10, isbn13)
  VALUES ('delete', old.seq, old.title, old.author, old.description, old.isbn10, old.isbn13);
  INSERT INTO books_fts(rowid, title, author, description, isbn10, isbn13)
  VALUES (new.seq, new.title, new.author, new.description, new.isbn10, new.isbn13);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `clubs_fts` USING fts5(
  name, description, location,
  content='clubs', content_rowid='seq',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `clubs_fts_after_insert` AFTER INSERT ON `clubs` BEGIN
  INSERT INTO clubs_fts(rowid, name, description, location) VALUES (new.seq, new.name, new.description, new.location);
END;
--> statement-breakpoint
CREATE TRIGGER `clubs_fts_after_delete` AFTER DELETE ON `clubs` BEGIN
  INSERT INTO clubs_fts(clubs_fts, rowid, name, description, location)
  VALUES ('delete', old.seq, old.name, old.description, old.location);
END;
--> statement-breakpoint
CREATE TRIGGER `clubs_fts_after_update` AFTER UPDATE OF name, description, location ON `clubs` BEGIN
  INSERT INTO clubs_fts(clubs_fts, rowid, name, description, location)
  VALUES ('delete', old.seq, old.name, old.description, old.location);
  INSERT INTO clubs_fts(rowid, name, description, location) VALUES (new.seq, new.name, new.description, new.location);
END;
--> statement-breakpoint
-- Counter scopes: 'all', 'age:{group}', 'user:{id}', 'user-age:{id}:{group}'.
CREATE TRIGGER `book_counts_after_insert` AFTER INSERT ON `books` BEGIN
  INSERT INTO book_counts(scope, n) VALUES ('all', 1) ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) VALUES ('user:' || new.user_id, 1) ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'age:' || new.age_group_fine, 1 WHERE new.age_group_fine IS NOT NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'user-age:' || new.user_id || ':' || new.age_group_fine, 1
    WHERE new.age_group_fine IS NOT NULL ON CONFLICT(scope) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `book_counts_after_delete` AFTER DELETE ON `books` BEGIN
  UPDATE book_counts SET n = n - 1 WHERE scope IN (
    'all', 'user:' || old.user_id, 'age:' || old.age_group_fine, 'user-age:' || old.user_id || ':' || old.age_group_fine
  );
END;
--> statement-breakpoint
CREATE TRIGGER `book_counts_after_update` AFTER UPDATE OF user_id, age_group_fine ON `books`
WHEN old.user_id IS NOT new.user_id OR old.age_group_fine IS NOT new.age_group_fine BEGIN
  UPDATE book_counts SET n = n - 1 WHERE scope IN (
    'user:' || old.user_id, 'age:' || old.age_group_fine, 'user-age:' || old.user_id || ':' || old.age_group_fine
  );
  INSERT INTO book_counts(scope, n) VALUES ('user:' || new.user_id, 1) ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'age:' || new.age_group_fine, 1 WHERE new.age_group_fine IS NOT NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'user-age:' || new.user_id || ':' || new.age_group_fine, 1
    WHERE new.age_group_fine IS NOT NULL ON CONFLICT(scope) DO UPDATE SET n = n + 1;
END;
