CREATE TABLE `own_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`confirmed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `own_addresses_user_address_idx` ON `own_addresses` (`user_id`,`address`);--> statement-breakpoint
ALTER TABLE `messages` ADD `envelope_from` text;