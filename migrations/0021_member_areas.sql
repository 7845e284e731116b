-- Issue 36 ("books near you"), item 1: a member's area, kept only as a 0.01° cell. Each of their books
-- carries the cell too, so "near me" reads books by place from books_cell_idx; the triggers below keep
-- the copies in step whatever path lists a book or moves the area.
CREATE TABLE `member_areas` (
	`user_id` text PRIMARY KEY NOT NULL,
	`cell_lat` integer NOT NULL,
	`cell_lon` integer NOT NULL,
	`place` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `books` ADD `cell_lat` integer;--> statement-breakpoint
ALTER TABLE `books` ADD `cell_lon` integer;--> statement-breakpoint
CREATE INDEX `books_cell_idx` ON `books` (`cell_lat`,`cell_lon`,`seq`) WHERE cell_lat is not null and hidden is null;--> statement-breakpoint
CREATE TRIGGER `books_cell_after_insert` AFTER INSERT ON `books`
WHEN EXISTS (SELECT 1 FROM member_areas WHERE user_id = new.user_id) BEGIN
  UPDATE books SET (cell_lat, cell_lon) = (SELECT cell_lat, cell_lon FROM member_areas WHERE user_id = new.user_id)
  WHERE seq = new.seq;
END;--> statement-breakpoint
CREATE TRIGGER `member_areas_after_insert` AFTER INSERT ON `member_areas` BEGIN
  UPDATE books SET cell_lat = new.cell_lat, cell_lon = new.cell_lon WHERE user_id = new.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `member_areas_after_update` AFTER UPDATE OF cell_lat, cell_lon ON `member_areas` BEGIN
  UPDATE books SET cell_lat = new.cell_lat, cell_lon = new.cell_lon WHERE user_id = new.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `member_areas_after_delete` AFTER DELETE ON `member_areas` BEGIN
  UPDATE books SET cell_lat = NULL, cell_lon = NULL WHERE user_id = old.user_id;
END;
