CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `released_usernames` (
	`username` text PRIMARY KEY NOT NULL,
	`released_by` text NOT NULL,
	`released_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_idempotency_key_unique` ON `mail_outbox` (`idempotency_key`);--> statement-breakpoint
ALTER TABLE `users` ADD `mail_reads_month` text;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_reads` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `billing_subscription_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `billing_event_at` integer;