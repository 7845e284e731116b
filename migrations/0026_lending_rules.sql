-- Issue 38, item 2: who may ask to borrow. A book's own rule (null: its owner's default on /profile), enforced
-- by the loans feature on every path that makes a request (lending-rules.ts). Changing it cancels nothing agreed.
ALTER TABLE `books` ADD `lend_to` text;--> statement-breakpoint
ALTER TABLE `books` ADD `lend_within_km` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `lend_to` text DEFAULT 'anyone' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `lend_within_km` integer DEFAULT 10 NOT NULL;