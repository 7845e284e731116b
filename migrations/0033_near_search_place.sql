-- "Near me" with a search (issue 36, decision 020): books_near_fts indexes each placed, visible book's text
-- (as books_fts does, coalesce(search_*, original)) and its place as tokens, one per level of book_cells:
-- c<lat>x<lon> its 0.01° cell, d… its 0.1° tile, e… its 1° tile, f… its 10° tile (coordinates offset by
-- 9000 and 18000 as book_cells' are, divided by 10^level). A near search matches `text AND place:(tiles)`,
-- so FTS5 intersects the doclists and only matches in the places asked for are read
-- (worker/features/books/near-search.ts).
-- An FTS5 table cannot gain a column, and rebuilding books_fts would be one statement over every row, so
-- books_fts stays as it is (plain search, highlighting, copies) and this second index serves near searches.
-- contentless_delete: rows are removed by rowid and written with INSERT OR REPLACE, so the triggers and
-- the backfill never need to repeat what was indexed, and writing a row twice is harmless.
-- Existing rows are filled by the search-reindex job ("search-reindex:books_near"), newest first from
-- search_reindex.after_seq down to 0: books above the cursor are indexed; at or below it, a near search
-- also reads the old way (books_fts, bounded) until the backfill is done.
CREATE VIRTUAL TABLE `books_near_fts` USING fts5(
  title, author, description, isbn10, isbn13, place,
  content='', contentless_delete=1,
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `search_reindex` (`table_name`, `after_seq`, `done_at`)
  SELECT 'books_near', coalesce(max(seq), 0), CASE WHEN max(seq) IS NULL THEN unixepoch() * 1000 END FROM books;
--> statement-breakpoint
CREATE TRIGGER `books_near_fts_after_insert` AFTER INSERT ON `books` WHEN new.hidden IS NULL AND new.cell_lat IS NOT NULL BEGIN
  INSERT OR REPLACE INTO books_near_fts(rowid, title, author, description, isbn10, isbn13, place)
  VALUES (new.seq, coalesce(new.search_title, new.title), coalesce(new.search_author, new.author),
    coalesce(new.search_description, new.description), new.isbn10, new.isbn13,
    'c' || (new.cell_lat + 9000) || 'x' || (new.cell_lon + 18000)
    || ' d' || ((new.cell_lat + 9000) / 10) || 'x' || ((new.cell_lon + 18000) / 10)
    || ' e' || ((new.cell_lat + 9000) / 100) || 'x' || ((new.cell_lon + 18000) / 100)
    || ' f' || ((new.cell_lat + 9000) / 1000) || 'x' || ((new.cell_lon + 18000) / 1000));
END;
--> statement-breakpoint
CREATE TRIGGER `books_near_fts_after_delete` AFTER DELETE ON `books` BEGIN
  DELETE FROM books_near_fts WHERE rowid = old.seq;
END;
--> statement-breakpoint
-- Fires when an owner's area moves their books (member_areas' triggers update books.cell_lat/cell_lon, 0021).
-- A book hidden before and after is not indexed: nothing to do. (A title given to an untitled book lists it
-- by an inner update, 0030; this update's own row is still hidden and must not undo that, whichever fires first.)
CREATE TRIGGER `books_near_fts_after_update`
AFTER UPDATE OF title, author, description, isbn10, isbn13, hidden, search_title, search_author, search_description, cell_lat, cell_lon ON `books`
WHEN old.hidden IS NULL OR new.hidden IS NULL BEGIN
  DELETE FROM books_near_fts WHERE rowid = old.seq;
  INSERT OR REPLACE INTO books_near_fts(rowid, title, author, description, isbn10, isbn13, place)
  SELECT new.seq, coalesce(new.search_title, new.title), coalesce(new.search_author, new.author),
    coalesce(new.search_description, new.description), new.isbn10, new.isbn13,
    'c' || (new.cell_lat + 9000) || 'x' || (new.cell_lon + 18000)
    || ' d' || ((new.cell_lat + 9000) / 10) || 'x' || ((new.cell_lon + 18000) / 10)
    || ' e' || ((new.cell_lat + 9000) / 100) || 'x' || ((new.cell_lon + 18000) / 100)
    || ' f' || ((new.cell_lat + 9000) / 1000) || 'x' || ((new.cell_lon + 18000) / 1000)
  WHERE new.hidden IS NULL AND new.cell_lat IS NOT NULL;
END;
