CREATE INDEX `club_books_set_by_idx` ON `club_books` (`set_by`) WHERE set_by is not null;--> statement-breakpoint
CREATE INDEX `club_meetings_created_by_idx` ON `club_meetings` (`created_by`) WHERE created_by is not null;--> statement-breakpoint
CREATE INDEX `club_polls_created_by_idx` ON `club_polls` (`created_by`) WHERE created_by is not null;