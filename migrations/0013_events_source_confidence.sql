ALTER TABLE `events` ADD `source` text;--> statement-breakpoint
ALTER TABLE `events` ADD `confidence` real;--> statement-breakpoint
ALTER TABLE `events` ADD `needs_review` integer DEFAULT false NOT NULL;