-- A family's events of one past month, packed into one compressed row (issue 32, ADR 038,
-- app/.server/past-months.ts). Without a rowid: the family and month are the row's key.
CREATE TABLE `event_months` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`events` blob NOT NULL,
	`version` text NOT NULL,
	PRIMARY KEY(`user_id`, `month`)
) WITHOUT ROWID;
--> statement-breakpoint
-- An event's likes: what its deletion cascades to, and what keeps a saved event live.
CREATE INDEX `likes_event_idx` ON `likes` (`event_id`);
