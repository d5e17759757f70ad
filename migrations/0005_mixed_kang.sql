CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_idempotency_key_unique` ON `mail_outbox` (`idempotency_key`);--> statement-breakpoint
ALTER TABLE `users` ADD `billing_subscription_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `billing_event_at` integer;