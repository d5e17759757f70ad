CREATE TABLE `sent_mail_keys` (
	`idempotency_key` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
