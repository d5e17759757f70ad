CREATE TABLE `families` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `families_owner_id_unique` ON `families` (`owner_id`);--> statement-breakpoint
CREATE TABLE `family_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	`invited_by` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`family_id`) REFERENCES `families`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `family_invites_family_idx` ON `family_invites` (`family_id`);--> statement-breakpoint
CREATE INDEX `family_invites_email_idx` ON `family_invites` (`email`);--> statement-breakpoint
CREATE TABLE `family_members` (
	`user_id` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`family_id`) REFERENCES `families`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `family_members_family_idx` ON `family_members` (`family_id`);--> statement-breakpoint
CREATE TABLE `likes` (
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`external_calendar_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `event_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- ADR 026: every parent becomes a one-person family; its id is the parent's own, its owner the parent.
INSERT INTO `families` (`id`, `owner_id`, `created_at`) SELECT `id`, `id`, `created_at` FROM `users`;--> statement-breakpoint
INSERT INTO `family_members` (`user_id`, `family_id`, `created_at`) SELECT `id`, `id`, `created_at` FROM `users`;--> statement-breakpoint
-- A like was the family's flag; it is now the parent's own (their Google Calendar).
INSERT INTO `likes` (`user_id`, `event_id`, `external_calendar_id`, `created_at`)
  SELECT `user_id`, `id`, `external_calendar_id`, COALESCE(`updated_at`, `created_at`) FROM `events` WHERE `like` = 1;
