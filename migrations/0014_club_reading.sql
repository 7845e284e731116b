-- The club's book (issue 24, items 1 and 2), written by hand (no drizzle-kit snapshot).
-- Deleting an account sets club_books.set_by to null for the books that member set; this partial
-- index finds those rows without walking every club's shelf. Nothing to backfill: it indexes
-- existing rows as it is built.
CREATE INDEX `club_books_set_by_idx` ON `club_books` (`set_by`) WHERE set_by is not null;
