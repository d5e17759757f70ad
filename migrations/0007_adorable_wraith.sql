CREATE TABLE `calendar_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`url` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_links_user_url_idx` ON `calendar_links` (`user_id`,`url`);--> statement-breakpoint
ALTER TABLE `schools` ADD `owner_id` text;--> statement-breakpoint
CREATE INDEX `schools_owner_idx` ON `schools` (`owner_id`);--> statement-breakpoint
ALTER TABLE `sender_addresses` ADD `gmail_count` integer DEFAULT 0 NOT NULL;