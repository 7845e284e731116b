-- Issue 36 ("books near you"), item 5: wanted books. A want is looked up by ISBN-13 or by its match key
-- (worker/core/shared/copy-match.ts) when a copy is listed or freed; wanted_matches keeps the copies found
-- within the member's radius ("Wanted, near you", My Books' counts). The radius rides on the member's area.
CREATE TABLE `wanted_books` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`isbn13` text,
	`match_key` text NOT NULL,
	`source` text NOT NULL,
	`from_book_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wanted_books_member_key_idx` ON `wanted_books` (`user_id`,`match_key`);--> statement-breakpoint
CREATE INDEX `wanted_books_key_idx` ON `wanted_books` (`match_key`);--> statement-breakpoint
CREATE INDEX `wanted_books_isbn13_idx` ON `wanted_books` (`isbn13`) WHERE isbn13 is not null;--> statement-breakpoint
CREATE TABLE `wanted_matches` (
	`wanted_id` integer NOT NULL,
	`book_seq` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`wanted_id`, `book_seq`),
	FOREIGN KEY (`wanted_id`) REFERENCES `wanted_books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_seq`) REFERENCES `books`(`seq`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wanted_matches_book_idx` ON `wanted_matches` (`book_seq`);--> statement-breakpoint
CREATE INDEX `wanted_matches_user_idx` ON `wanted_matches` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `member_areas` ADD `wanted_radius_km` integer DEFAULT 25 NOT NULL;