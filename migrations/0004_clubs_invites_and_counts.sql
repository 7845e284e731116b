-- Invite codes are no longer stored in clear (docs/decisions/005-invite-codes.md): the old plain
-- codes are dropped, not copied, which revokes them; an admin is issued a fresh code on first view.
-- memberships keep clubs.member_count exact (active members) by triggers, whoever writes them.
CREATE TABLE `invite_code_failures` (
	`user_id` text PRIMARY KEY NOT NULL,
	`day` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_invite_codes` (
	`club_id` text PRIMARY KEY NOT NULL,
	`nonce` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`club_id`) REFERENCES `clubs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
DROP TABLE `invite_codes`;--> statement-breakpoint
ALTER TABLE `__new_invite_codes` RENAME TO `invite_codes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `invite_codes_hash_idx` ON `invite_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `memberships_club_status_role_idx` ON `memberships` (`club_id`,`status`,`role`);--> statement-breakpoint
CREATE TRIGGER `memberships_count_after_insert` AFTER INSERT ON `memberships` WHEN new.status = 'active' BEGIN
  UPDATE clubs SET member_count = member_count + 1 WHERE id = new.club_id;
END;
--> statement-breakpoint
CREATE TRIGGER `memberships_count_after_delete` AFTER DELETE ON `memberships` WHEN old.status = 'active' BEGIN
  UPDATE clubs SET member_count = member_count - 1 WHERE id = old.club_id;
END;
--> statement-breakpoint
CREATE TRIGGER `memberships_count_after_update` AFTER UPDATE OF status, club_id ON `memberships`
WHEN old.status IS NOT new.status OR old.club_id IS NOT new.club_id BEGIN
  UPDATE clubs SET member_count = member_count - 1 WHERE old.status = 'active' AND id = old.club_id;
  UPDATE clubs SET member_count = member_count + 1 WHERE new.status = 'active' AND id = new.club_id;
END;
--> statement-breakpoint
-- Counts written before the triggers existed (the demo seed set them by hand) start out exact.
UPDATE clubs SET member_count = (SELECT count(*) FROM memberships WHERE club_id = clubs.id AND status = 'active');
