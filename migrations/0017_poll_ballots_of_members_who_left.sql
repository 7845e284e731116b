-- Issue 34, item 5: a member who leaves a club (or is removed) takes their ballots out of its open
-- polls, so joining, voting and leaving counts for nothing; closed polls keep their stored count.
-- In the same statement as the membership's delete: no leave or removal path can forget it.
CREATE TRIGGER `memberships_drop_open_ballots_after_delete` AFTER DELETE ON `memberships` WHEN old.status = 'active' BEGIN
  DELETE FROM poll_ballots WHERE user_id = old.user_id
    AND poll_id IN (SELECT id FROM club_polls WHERE club_id = old.club_id AND closed_at IS NULL);
END;
--> statement-breakpoint
-- Ballots already left behind by members who are gone.
DELETE FROM poll_ballots WHERE poll_id IN (SELECT id FROM club_polls WHERE closed_at IS NULL)
  AND NOT EXISTS (
    SELECT 1 FROM memberships m JOIN club_polls p ON p.club_id = m.club_id
    WHERE p.id = poll_ballots.poll_id AND m.user_id = poll_ballots.user_id AND m.status = 'active'
  );
