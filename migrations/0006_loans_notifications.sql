CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`preference` text NOT NULL,
	`batch_key` text,
	`dedupe_key` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`send_after` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_user_dedupe_idx` ON `email_outbox` (`user_id`,`dedupe_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_pending_batch_idx` ON `email_outbox` (`user_id`,`batch_key`) WHERE state = 'pending' and batch_key is not null;--> statement-breakpoint
CREATE INDEX `email_outbox_user_recent_idx` ON `email_outbox` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_pending_idx` ON `email_outbox` (`send_after`) WHERE state = 'pending';--> statement-breakpoint
CREATE TABLE `loan_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`loan_id` text NOT NULL,
	`action` text NOT NULL,
	`actor_id` text,
	`due_date` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `loan_events_loan_idx` ON `loan_events` (`loan_id`,`id`);--> statement-breakpoint
CREATE TABLE `loans` (
	`id` text PRIMARY KEY NOT NULL,
	`book_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`borrower_id` text NOT NULL,
	`state` text DEFAULT 'requested' NOT NULL,
	`due_date` text,
	`renewal_requested_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`borrower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `loans_book_holding_idx` ON `loans` (`book_id`) WHERE state in ('accepted', 'lent');--> statement-breakpoint
CREATE UNIQUE INDEX `loans_book_borrower_open_idx` ON `loans` (`book_id`,`borrower_id`) WHERE state in ('requested', 'accepted', 'lent');--> statement-breakpoint
CREATE INDEX `loans_owner_idx` ON `loans` (`owner_id`,`state`,`updated_at`);--> statement-breakpoint
CREATE INDEX `loans_borrower_idx` ON `loans` (`borrower_id`,`state`,`updated_at`);--> statement-breakpoint
CREATE INDEX `loans_book_state_idx` ON `loans` (`book_id`,`state`);--> statement-breakpoint
CREATE INDEX `loans_lent_due_idx` ON `loans` (`due_date`) WHERE state = 'lent';--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text NOT NULL,
	`actor_id` text,
	`dedupe_key` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`read_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_user_dedupe_idx` ON `notifications` (`user_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_user_recent_idx` ON `notifications` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE read_at is null;--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`book_id` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text DEFAULT 'waiting' NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_book_user_open_idx` ON `waitlist_entries` (`book_id`,`user_id`) WHERE state in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `waitlist_book_state_idx` ON `waitlist_entries` (`book_id`,`state`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist_entries` (`user_id`,`state`);--> statement-breakpoint
-- Books lent before the ledger existed (the manual 'Lent' edit) get their loan: lent, no due date.
INSERT INTO `loans` (`id`, `book_id`, `owner_id`, `borrower_id`, `state`, `due_date`, `updated_at`)
SELECT lower(hex(randomblob(16))), `id`, `user_id`, `lent_to_user_id`, 'lent', NULL, coalesce(`updated_at`, `created_at`)
FROM `books` WHERE `status` = 'borrowed' AND `lent_to_user_id` IS NOT NULL AND `lent_to_user_id` <> `user_id`;--> statement-breakpoint
INSERT INTO `loan_events` (`loan_id`, `action`, `actor_id`, `created_at`)
SELECT `id`, 'lent', `owner_id`, `updated_at` FROM `loans`;
