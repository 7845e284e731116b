-- Issue 36 ("books near you"), item 3: a book page lists the other copies of the same book: those with
-- its ISBN-13 (books_isbn13_idx), and those whose title and author match once in lower case without
-- punctuation or extra spaces (this key). Triggers write it, so every path that lists or edits a book keeps it.
ALTER TABLE `books` ADD `match_key` text;--> statement-breakpoint
CREATE INDEX `books_match_idx` ON `books` (`match_key`,`seq`) WHERE match_key is not null and hidden is null;--> statement-breakpoint
CREATE TRIGGER `books_match_after_insert` AFTER INSERT ON `books` BEGIN
  UPDATE books SET match_key = CASE WHEN trim(new.title) = '' THEN NULL
    ELSE 'ta:' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(new.title)), '&', ' and '), '.', ' '), ',', ' '), ':', ' '), ';', ' '), '!', ' '), '?', ' '), '-', ' '), '''', ''), '’', ''), '"', ''), '  ', ' '), '  ', ' '), '  ', ' ')) || '|' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(new.author)), '&', ' and '), '.', ' '), ',', ' '), ':', ' '), ';', ' '), '!', ' '), '?', ' '), '-', ' '), '''', ''), '’', ''), '"', ''), '  ', ' '), '  ', ' '), '  ', ' ')) END WHERE seq = new.seq;
END;--> statement-breakpoint
CREATE TRIGGER `books_match_after_update` AFTER UPDATE OF title, author ON `books` BEGIN
  UPDATE books SET match_key = CASE WHEN trim(new.title) = '' THEN NULL
    ELSE 'ta:' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(new.title)), '&', ' and '), '.', ' '), ',', ' '), ':', ' '), ';', ' '), '!', ' '), '?', ' '), '-', ' '), '''', ''), '’', ''), '"', ''), '  ', ' '), '  ', ' '), '  ', ' ')) || '|' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(new.author)), '&', ' and '), '.', ' '), ',', ' '), ':', ' '), ';', ' '), '!', ' '), '?', ' '), '-', ' '), '''', ''), '’', ''), '"', ''), '  ', ' '), '  ', ' '), '  ', ' ')) END WHERE seq = new.seq;
END;--> statement-breakpoint
UPDATE books SET match_key = CASE WHEN trim(books.title) = '' THEN NULL
    ELSE 'ta:' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(books.title)), '&', ' and '), '.', ' '), ',', ' '), ':', ' '), ';', ' '), '!', ' '), '?', ' '), '-', ' '), '''', ''), '’', ''), '"', ''), '  ', ' '), '  ', ' '), '  ', ' ')) || '|' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(books.author)), '&', ' and '), '.', ' '), ',', ' '), ':', ' '), ';', ' '), '!', ' '), '?', ' '), '-', ' '), '''', ''), '’', ''), '"', ''), '  ', ' '), '  ', ' '), '  ', ' ')) END;
