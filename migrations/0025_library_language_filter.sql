-- Issue 37 item 4 ("search a reader can steer"): the library filters by the book's language.
-- Books store a language as its canonical tag (en, pt-BR): codes written before in another case
-- are put in that case first, so the filter's code (normalised the same way) finds them.
UPDATE books SET language = NULL WHERE language IS NOT NULL AND trim(language) = '';--> statement-breakpoint
UPDATE books SET language = lower(language) WHERE language IS NOT NULL AND instr(language, '-') = 0 AND language <> lower(language);--> statement-breakpoint
UPDATE books SET language = lower(substr(language, 1, instr(language, '-') - 1)) || '-' || upper(substr(language, instr(language, '-') + 1))
  WHERE instr(language, '-') > 0 AND length(language) - instr(language, '-') = 2
  AND language <> lower(substr(language, 1, instr(language, '-') - 1)) || '-' || upper(substr(language, instr(language, '-') + 1));--> statement-breakpoint
-- Newest first within a language, alone or with the age group: one index range, no sort.
CREATE INDEX `books_language_seq_idx` ON `books` (`language`,`seq`) WHERE language is not null;--> statement-breakpoint
CREATE INDEX `books_language_age_seq_idx` ON `books` (`language`,`age_group_fine`,`seq`) WHERE language is not null and age_group_fine is not null;--> statement-breakpoint
-- Listed books per language ('lang:{code}') and per owner and language ('user-lang:{id}:{code}'),
-- beside 0001's scopes in book_counts: the filter's totals, and the page's list of languages as one
-- range of book_counts' key ('lang:' up to 'lang;'), so no request counts books.
INSERT INTO book_counts (scope, n)
  SELECT 'lang:' || language, count(*) FROM books WHERE language IS NOT NULL AND hidden IS NULL GROUP BY language;--> statement-breakpoint
INSERT INTO book_counts (scope, n)
  SELECT 'user-lang:' || user_id || ':' || language, count(*) FROM books WHERE language IS NOT NULL AND hidden IS NULL GROUP BY user_id, language;--> statement-breakpoint
CREATE TRIGGER `book_language_counts_after_insert` AFTER INSERT ON `books`
WHEN new.hidden IS NULL AND new.language IS NOT NULL BEGIN
  INSERT INTO book_counts(scope, n) VALUES ('lang:' || new.language, 1) ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) VALUES ('user-lang:' || new.user_id || ':' || new.language, 1) ON CONFLICT(scope) DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
-- A language no listed book has any more leaves the list (its row goes).
CREATE TRIGGER `book_language_counts_after_delete` AFTER DELETE ON `books`
WHEN old.hidden IS NULL AND old.language IS NOT NULL BEGIN
  UPDATE book_counts SET n = n - 1 WHERE scope IN ('lang:' || old.language, 'user-lang:' || old.user_id || ':' || old.language);
  DELETE FROM book_counts WHERE n <= 0 AND scope IN ('lang:' || old.language, 'user-lang:' || old.user_id || ':' || old.language);
END;--> statement-breakpoint
-- A new owner, a new language or a change of visibility: the old scopes lose the book if it was counted, the new ones gain it if it is listed now.
CREATE TRIGGER `book_language_counts_after_update` AFTER UPDATE OF user_id, language, hidden ON `books`
WHEN old.user_id IS NOT new.user_id OR old.language IS NOT new.language OR (old.hidden IS NULL) <> (new.hidden IS NULL) BEGIN
  UPDATE book_counts SET n = n - 1 WHERE old.hidden IS NULL AND old.language IS NOT NULL
    AND scope IN ('lang:' || old.language, 'user-lang:' || old.user_id || ':' || old.language);
  DELETE FROM book_counts WHERE n <= 0 AND scope IN ('lang:' || old.language, 'user-lang:' || old.user_id || ':' || old.language);
  INSERT INTO book_counts(scope, n) SELECT 'lang:' || new.language, 1 WHERE new.hidden IS NULL AND new.language IS NOT NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
  INSERT INTO book_counts(scope, n) SELECT 'user-lang:' || new.user_id || ':' || new.language, 1 WHERE new.hidden IS NULL AND new.language IS NOT NULL
    ON CONFLICT(scope) DO UPDATE SET n = n + 1;
END;
