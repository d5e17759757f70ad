CREATE TABLE `shards` (
	`number` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `families` ADD `shard` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Shard 1 is the directory's own database, where every family so far lives.
INSERT INTO `shards` (`number`, `created_at`) VALUES (1, CAST(unixepoch('subsec') * 1000 AS INTEGER));
