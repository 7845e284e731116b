ALTER TABLE `books` ADD `listed_at` integer;
--> statement-breakpoint
-- A book is listed only once it has a title (docs/decisions/024-listed-only-with-a-title.md). Until
-- then books.hidden is 'untitled', so it stays out of the search index, the counters, books_cell_idx
-- and every listing, as hidden books already do; only its owner's shelf shows it.
-- Write paths insert an untitled book with hidden = 'untitled' (an AFTER INSERT trigger that hid it
-- would race the search-index trigger). This one lists it when its title arrives, in the same
-- statement: the outer update's index and counter triggers see it hidden before and after, so only
-- the inner update (hidden 'untitled' -> NULL) adds it, whatever order the triggers fire in.
-- A suspended owner's book becomes hidden by the suspension instead (decision 010). listed_at says when,
-- for the followers' notice of the window it was listed in.
CREATE TRIGGER `books_listed_once_titled` AFTER UPDATE OF title ON `books`
WHEN new.hidden = 'untitled' AND trim(new.title) <> '' BEGIN
  UPDATE books SET hidden = (SELECT CASE WHEN users.suspended_at IS NOT NULL THEN 'suspension' END FROM users WHERE users.id = new.user_id),
    listed_at = cast(unixepoch('subsec') * 1000 as integer)
  WHERE seq = new.seq;
END;
--> statement-breakpoint
-- Books already without a title leave the library (their index entries and counts go by trigger).
UPDATE books SET hidden = 'untitled' WHERE hidden IS NULL AND trim(title) = '';
