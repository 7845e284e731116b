CREATE TABLE `loan_conditions` (
	`loan_id` text NOT NULL,
	`stage` text NOT NULL,
	`condition` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`photo_key` text,
	`same_as_handover` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`loan_id`, `stage`),
	FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `loan_records` ADD `returned_damaged` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 38, item 3: a return recorded damaged counts in the borrower's record as "returned, damaged"
-- (never as late), unless the book was already damaged when it was handed over.
CREATE TRIGGER `loan_records_after_damaged_return` AFTER INSERT ON `loan_conditions`
WHEN new.stage = 'return' AND new.condition = 'damaged'
  AND NOT EXISTS (SELECT 1 FROM loan_conditions WHERE loan_id = new.loan_id AND stage = 'handover' AND condition = 'damaged') BEGIN
  INSERT INTO loan_records (user_id, returned_damaged) SELECT borrower_id, 1 FROM loans WHERE id = new.loan_id
  ON CONFLICT (user_id) DO UPDATE SET returned_damaged = returned_damaged + 1;
END;
