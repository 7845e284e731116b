-- The club page's reads. A club's meetings are listed in (starts_at, id) order straight from the index.
DROP INDEX `club_meetings_club_starts_idx`;--> statement-breakpoint
CREATE INDEX `club_meetings_club_starts_id_idx` ON `club_meetings` (`club_id`,`starts_at`,`id`);--> statement-breakpoint
-- Only the club's active members' answers count: a member who leaves (or is removed) takes theirs with them, in the
-- same statement as the membership's delete, so the meetings list reads answers without probing memberships.
CREATE TRIGGER `memberships_drop_meeting_answers_after_delete` AFTER DELETE ON `memberships` WHEN old.status = 'active' BEGIN
  DELETE FROM meeting_rsvps WHERE user_id = old.user_id
    AND meeting_id IN (SELECT id FROM club_meetings WHERE club_id = old.club_id);
END;
--> statement-breakpoint
-- Answers already left behind by members who are gone.
DELETE FROM meeting_rsvps WHERE NOT EXISTS (
  SELECT 1 FROM memberships m JOIN club_meetings c ON c.club_id = m.club_id
  WHERE c.id = meeting_rsvps.meeting_id AND m.user_id = meeting_rsvps.user_id AND m.status = 'active'
);
