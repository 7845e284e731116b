-- An audience's pushes by their event: the push-batch job claims the next hundred by (dedupe_key, send_after),
-- where it read every pending push of every event before.
CREATE INDEX `push_outbox_pending_event_idx` ON `push_outbox` (`dedupe_key`,`send_after`) WHERE state = 'pending';