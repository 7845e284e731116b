-- Issue 36 ("books near you"), item 2: how many listed books each place holds, at four tile sizes, so
-- "near me" walks places nearest first and reads only the cells that fill a page. Triggers keep the
-- counts in step with every path that lists, hides, moves or deletes a book.
CREATE TABLE `book_cells` (
	`level` integer NOT NULL,
	`tile_lat` integer NOT NULL,
	`tile_lon` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`level`, `tile_lat`, `tile_lon`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE TRIGGER `book_cells_after_insert` AFTER INSERT ON `books`
WHEN new.cell_lat IS NOT NULL AND new.hidden IS NULL BEGIN
  INSERT INTO book_cells (level, tile_lat, tile_lon, n) VALUES
    (0, (new.cell_lat + 9000), (new.cell_lon + 18000), 1),
    (1, (new.cell_lat + 9000) / 10, (new.cell_lon + 18000) / 10, 1),
    (2, (new.cell_lat + 9000) / 100, (new.cell_lon + 18000) / 100, 1),
    (3, (new.cell_lat + 9000) / 1000, (new.cell_lon + 18000) / 1000, 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
CREATE TRIGGER `book_cells_after_delete` AFTER DELETE ON `books`
WHEN old.cell_lat IS NOT NULL AND old.hidden IS NULL BEGIN
  UPDATE book_cells SET n = n - 1 WHERE
    (level = 0 AND tile_lat = (old.cell_lat + 9000) AND tile_lon = (old.cell_lon + 18000)) OR
    (level = 1 AND tile_lat = (old.cell_lat + 9000) / 10 AND tile_lon = (old.cell_lon + 18000) / 10) OR
    (level = 2 AND tile_lat = (old.cell_lat + 9000) / 100 AND tile_lon = (old.cell_lon + 18000) / 100) OR
    (level = 3 AND tile_lat = (old.cell_lat + 9000) / 1000 AND tile_lon = (old.cell_lon + 18000) / 1000);
  DELETE FROM book_cells WHERE n <= 0 AND (
    (level = 0 AND tile_lat = (old.cell_lat + 9000) AND tile_lon = (old.cell_lon + 18000)) OR
    (level = 1 AND tile_lat = (old.cell_lat + 9000) / 10 AND tile_lon = (old.cell_lon + 18000) / 10) OR
    (level = 2 AND tile_lat = (old.cell_lat + 9000) / 100 AND tile_lon = (old.cell_lon + 18000) / 100) OR
    (level = 3 AND tile_lat = (old.cell_lat + 9000) / 1000 AND tile_lon = (old.cell_lon + 18000) / 1000));
END;--> statement-breakpoint
CREATE TRIGGER `book_cells_after_update_leave` AFTER UPDATE OF cell_lat, cell_lon, hidden ON `books`
WHEN old.cell_lat IS NOT NULL AND old.hidden IS NULL AND (new.cell_lat IS NOT old.cell_lat OR new.cell_lon IS NOT old.cell_lon OR new.hidden IS NOT old.hidden) BEGIN
  UPDATE book_cells SET n = n - 1 WHERE
    (level = 0 AND tile_lat = (old.cell_lat + 9000) AND tile_lon = (old.cell_lon + 18000)) OR
    (level = 1 AND tile_lat = (old.cell_lat + 9000) / 10 AND tile_lon = (old.cell_lon + 18000) / 10) OR
    (level = 2 AND tile_lat = (old.cell_lat + 9000) / 100 AND tile_lon = (old.cell_lon + 18000) / 100) OR
    (level = 3 AND tile_lat = (old.cell_lat + 9000) / 1000 AND tile_lon = (old.cell_lon + 18000) / 1000);
  DELETE FROM book_cells WHERE n <= 0 AND (
    (level = 0 AND tile_lat = (old.cell_lat + 9000) AND tile_lon = (old.cell_lon + 18000)) OR
    (level = 1 AND tile_lat = (old.cell_lat + 9000) / 10 AND tile_lon = (old.cell_lon + 18000) / 10) OR
    (level = 2 AND tile_lat = (old.cell_lat + 9000) / 100 AND tile_lon = (old.cell_lon + 18000) / 100) OR
    (level = 3 AND tile_lat = (old.cell_lat + 9000) / 1000 AND tile_lon = (old.cell_lon + 18000) / 1000));
END;--> statement-breakpoint
CREATE TRIGGER `book_cells_after_update_enter` AFTER UPDATE OF cell_lat, cell_lon, hidden ON `books`
WHEN new.cell_lat IS NOT NULL AND new.hidden IS NULL AND (new.cell_lat IS NOT old.cell_lat OR new.cell_lon IS NOT old.cell_lon OR new.hidden IS NOT old.hidden) BEGIN
  INSERT INTO book_cells (level, tile_lat, tile_lon, n) VALUES
    (0, (new.cell_lat + 9000), (new.cell_lon + 18000), 1),
    (1, (new.cell_lat + 9000) / 10, (new.cell_lon + 18000) / 10, 1),
    (2, (new.cell_lat + 9000) / 100, (new.cell_lon + 18000) / 100, 1),
    (3, (new.cell_lat + 9000) / 1000, (new.cell_lon + 18000) / 1000, 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
INSERT INTO book_cells (level, tile_lat, tile_lon, n)
  SELECT 0, (cell_lat + 9000), (cell_lon + 18000), count(*) FROM books
  WHERE cell_lat IS NOT NULL AND hidden IS NULL GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO book_cells (level, tile_lat, tile_lon, n)
  SELECT 1, (cell_lat + 9000) / 10, (cell_lon + 18000) / 10, count(*) FROM books
  WHERE cell_lat IS NOT NULL AND hidden IS NULL GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO book_cells (level, tile_lat, tile_lon, n)
  SELECT 2, (cell_lat + 9000) / 100, (cell_lon + 18000) / 100, count(*) FROM books
  WHERE cell_lat IS NOT NULL AND hidden IS NULL GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO book_cells (level, tile_lat, tile_lon, n)
  SELECT 3, (cell_lat + 9000) / 1000, (cell_lon + 18000) / 1000, count(*) FROM books
  WHERE cell_lat IS NOT NULL AND hidden IS NULL GROUP BY 2, 3;
