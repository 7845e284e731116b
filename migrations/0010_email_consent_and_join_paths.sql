ALTER TABLE `conversations` ADD `user_a_wrote_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `user_b_wrote_at` integer;--> statement-breakpoint
ALTER TABLE `memberships` ADD `joined_via` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
-- backfill
-- Every existing membership starts as "open" (the column default), which shares no e-mail. Only the
-- two paths the data proves are raised: the creator's own membership, made in the same statement as
-- the club (same created_at; an owner handed a club later keeps "open"), and a membership made by an
-- admin's approval (an approved request decided by someone, whose request or decision made this very
-- row). Code joins left no trace and stay "open"; conversations have no record of who wrote, so
-- user_a_wrote_at / user_b_wrote_at stay null until each member writes again.
UPDATE `memberships` SET `joined_via` = 'created'
WHERE EXISTS (SELECT 1 FROM `clubs` WHERE `clubs`.`id` = `memberships`.`club_id` AND `clubs`.`created_by` = `memberships`.`user_id` AND `clubs`.`created_at` = `memberships`.`created_at`);--> statement-breakpoint
UPDATE `memberships` SET `joined_via` = 'approval'
WHERE `joined_via` = 'open' AND `status` = 'active' AND EXISTS (
  SELECT 1 FROM `join_requests` r
  WHERE r.`club_id` = `memberships`.`club_id` AND r.`user_id` = `memberships`.`user_id` AND r.`status` = 'approved'
    AND r.`decided_by` IS NOT NULL AND `memberships`.`created_at` IN (r.`created_at`, r.`decided_at`)
);
