CREATE TABLE `book_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`book_id` text NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`hidden_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `book_comments_book_recent_idx` ON `book_comments` (`book_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `book_comments_author_recent_idx` ON `book_comments` (`author_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `follows` (
	`follower_id` text NOT NULL,
	`followee_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follows_follower_recent_idx` ON `follows` (`follower_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `follows_followee_recent_idx` ON `follows` (`followee_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `reports` ADD `comment_id` text;