CREATE TABLE `released_usernames` (
	`username` text PRIMARY KEY NOT NULL,
	`released_by` text NOT NULL,
	`released_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `mail_reads_month` text;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_reads` integer DEFAULT 0 NOT NULL;