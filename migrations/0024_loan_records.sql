CREATE TABLE `loan_records` (
	`user_id` text PRIMARY KEY NOT NULL,
	`borrowed_returned` integer DEFAULT 0 NOT NULL,
	`returned_on_time` integer DEFAULT 0 NOT NULL,
	`returned_late` integer DEFAULT 0 NOT NULL,
	`lent_returned` integer DEFAULT 0 NOT NULL,
	`answered_hour` integer DEFAULT 0 NOT NULL,
	`answered_day` integer DEFAULT 0 NOT NULL,
	`answered_three_days` integer DEFAULT 0 NOT NULL,
	`answered_week` integer DEFAULT 0 NOT NULL,
	`answered_later` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Issue 38, item 1: a member's track record from the ledger. The counters start from the ledger as it
-- stands, then the triggers below keep them in step with each step, so reading a record is one
-- primary-key read however many loans it counts. On time: returned before the due day has ended
-- everywhere (its midnight in UTC-12, 36 hours after it began in UTC), or a loan without a due date.
INSERT INTO loan_records (user_id, borrowed_returned, returned_on_time, returned_late)
SELECT borrower_id, count(*), sum(on_time), count(*) - sum(on_time) FROM (
  SELECT l.borrower_id, CASE WHEN l.due_date IS NULL OR e.created_at < (unixepoch(l.due_date) + 129600) * 1000 THEN 1 ELSE 0 END AS on_time
  FROM loan_events e JOIN loans l ON l.id = e.loan_id WHERE e.action = 'returned'
) GROUP BY borrower_id;--> statement-breakpoint
INSERT INTO loan_records (user_id, lent_returned)
SELECT l.owner_id, count(*) FROM loan_events e JOIN loans l ON l.id = e.loan_id WHERE e.action = 'returned' GROUP BY l.owner_id
ON CONFLICT (user_id) DO UPDATE SET lent_returned = excluded.lent_returned;--> statement-breakpoint
INSERT INTO loan_records (user_id, answered_hour, answered_day, answered_three_days, answered_week, answered_later)
SELECT owner_id, sum(d <= 3600000), sum(d > 3600000 AND d <= 86400000), sum(d > 86400000 AND d <= 259200000), sum(d > 259200000 AND d <= 604800000), sum(d > 604800000) FROM (
  SELECT l.owner_id, e.created_at - l.created_at AS d FROM loan_events e JOIN loans l ON l.id = e.loan_id
  WHERE e.action IN ('accepted', 'declined') AND e.actor_id = l.owner_id
) GROUP BY owner_id
ON CONFLICT (user_id) DO UPDATE SET answered_hour = excluded.answered_hour, answered_day = excluded.answered_day,
  answered_three_days = excluded.answered_three_days, answered_week = excluded.answered_week, answered_later = excluded.answered_later;--> statement-breakpoint
CREATE TRIGGER `loan_records_after_return` AFTER INSERT ON `loan_events` WHEN new.action = 'returned' BEGIN
  INSERT INTO loan_records (user_id, borrowed_returned, returned_on_time, returned_late)
  SELECT l.borrower_id, 1, on_time, 1 - on_time FROM (
    SELECT borrower_id, CASE WHEN due_date IS NULL OR new.created_at < (unixepoch(due_date) + 129600) * 1000 THEN 1 ELSE 0 END AS on_time
    FROM loans WHERE id = new.loan_id
  ) l WHERE true
  ON CONFLICT (user_id) DO UPDATE SET borrowed_returned = borrowed_returned + 1,
    returned_on_time = returned_on_time + excluded.returned_on_time, returned_late = returned_late + excluded.returned_late;
  INSERT INTO loan_records (user_id, lent_returned) SELECT owner_id, 1 FROM loans WHERE id = new.loan_id
  ON CONFLICT (user_id) DO UPDATE SET lent_returned = lent_returned + 1;
END;--> statement-breakpoint
CREATE TRIGGER `loan_records_after_answer` AFTER INSERT ON `loan_events`
WHEN new.action IN ('accepted', 'declined') AND new.actor_id = (SELECT owner_id FROM loans WHERE id = new.loan_id) BEGIN
  INSERT INTO loan_records (user_id, answered_hour, answered_day, answered_three_days, answered_week, answered_later)
  SELECT owner_id, d <= 3600000, d > 3600000 AND d <= 86400000, d > 86400000 AND d <= 259200000, d > 259200000 AND d <= 604800000, d > 604800000
  FROM (SELECT owner_id, new.created_at - created_at AS d FROM loans WHERE id = new.loan_id) WHERE true
  ON CONFLICT (user_id) DO UPDATE SET answered_hour = answered_hour + excluded.answered_hour, answered_day = answered_day + excluded.answered_day,
    answered_three_days = answered_three_days + excluded.answered_three_days, answered_week = answered_week + excluded.answered_week,
    answered_later = answered_later + excluded.answered_later;
END;
