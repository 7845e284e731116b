ALTER TABLE `notification_preferences` ADD `channels` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `notifications` ADD `in_bell` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `start_dismissed_at` integer;--> statement-breakpoint
-- Members who joined before the start card are not new: it stays put away for them.
-- (Their notification choices need no backfill: a topic off in `prefs` still stops every channel, and no channel is stored off yet.)
UPDATE `users` SET `start_dismissed_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `start_dismissed_at` IS NULL;
