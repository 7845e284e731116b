CREATE TABLE `calendar_feeds` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_feeds_user_idx` ON `calendar_feeds` (`user_id`);--> statement-breakpoint
CREATE TABLE `club_books` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`book_id` text,
	`title` text NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`isbn13` text,
	`match_key` text NOT NULL,
	`cover` text,
	`state` text DEFAULT 'current' NOT NULL,
	`finish_by` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`set_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`set_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `club_books_one_current_idx` ON `club_books` (`club_id`) WHERE state = 'current';--> statement-breakpoint
CREATE INDEX `club_books_club_history_idx` ON `club_books` (`club_id`,`state`,`finished_at`);--> statement-breakpoint
CREATE TABLE `club_meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`duration_minutes` integer DEFAULT 90 NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`video_url` text,
	`note` text DEFAULT '' NOT NULL,
	`milestone_id` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`cancelled_at` integer,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`milestone_id`) REFERENCES `club_milestones`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `club_meetings_club_starts_idx` ON `club_meetings` (`club_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `club_milestones` (
	`id` text PRIMARY KEY NOT NULL,
	`club_book_id` text NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`due_on` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`club_book_id`) REFERENCES `club_books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `club_milestones_book_position_idx` ON `club_milestones` (`club_book_id`,`position`);--> statement-breakpoint
CREATE TABLE `club_polls` (
	`id` text PRIMARY KEY NOT NULL,
	`club_id` text NOT NULL,
	`kind` text NOT NULL,
	`question` text NOT NULL,
	`closes_at` integer,
	`hide_results` integer DEFAULT false NOT NULL,
	`closed_at` integer,
	`result` text,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `club_polls_club_recent_idx` ON `club_polls` (`club_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `club_room_reads` (
	`club_id` text NOT NULL,
	`user_id` text NOT NULL,
	`unread` integer DEFAULT 0 NOT NULL,
	`last_read_at` integer,
	PRIMARY KEY(`club_id`, `user_id`),
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `club_room_reads_user_idx` ON `club_room_reads` (`user_id`);--> statement-breakpoint
CREATE TABLE `meeting_rsvps` (
	`meeting_id` text NOT NULL,
	`user_id` text NOT NULL,
	`answer` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`meeting_id`, `user_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `club_meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_rsvps_user_idx` ON `meeting_rsvps` (`user_id`);--> statement-breakpoint
CREATE TABLE `milestone_progress` (
	`milestone_id` text NOT NULL,
	`user_id` text NOT NULL,
	`shared` integer DEFAULT false NOT NULL,
	`done_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`milestone_id`, `user_id`),
	FOREIGN KEY (`milestone_id`) REFERENCES `club_milestones`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `milestone_progress_user_idx` ON `milestone_progress` (`user_id`);--> statement-breakpoint
CREATE TABLE `poll_ballots` (
	`poll_id` text NOT NULL,
	`user_id` text NOT NULL,
	`choices` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`poll_id`, `user_id`),
	FOREIGN KEY (`poll_id`) REFERENCES `club_polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poll_ballots_user_idx` ON `poll_ballots` (`user_id`);--> statement-breakpoint
CREATE TABLE `poll_options` (
	`id` text PRIMARY KEY NOT NULL,
	`poll_id` text NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`book_id` text,
	`author` text,
	`isbn13` text,
	`starts_at` integer,
	FOREIGN KEY (`poll_id`) REFERENCES `club_polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_options_poll_position_idx` ON `poll_options` (`poll_id`,`position`);--> statement-breakpoint
ALTER TABLE `clubs` ADD `timezone` text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE `clubs` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `clubs` ADD `longitude` real;--> statement-breakpoint
CREATE INDEX `clubs_position_idx` ON `clubs` (`latitude`,`longitude`) WHERE latitude is not null;--> statement-breakpoint
ALTER TABLE `reports` ADD `club_id` text REFERENCES clubs(id) ON DELETE set null;