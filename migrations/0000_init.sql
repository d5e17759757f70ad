CREATE TABLE `attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`message_id` text NOT NULL,
	`filename` text DEFAULT '' NOT NULL,
	`content_type` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attachments_message_idx` ON `attachments` (`message_id`);--> statement-breakpoint
CREATE TABLE `children` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`first_name` text NOT NULL,
	`grade` text NOT NULL,
	`avatar_id` text NOT NULL,
	`school_id` text,
	`teachers` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `children_user_idx` ON `children` (`user_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_name` text NOT NULL,
	`description` text,
	`start` text NOT NULL,
	`end` text,
	`date_time` integer NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`range` integer DEFAULT false NOT NULL,
	`start_range` text,
	`end_range` text,
	`recurrence` text,
	`month_event` integer DEFAULT false NOT NULL,
	`week_event` integer DEFAULT false NOT NULL,
	`first_view` integer DEFAULT false NOT NULL,
	`like` integer DEFAULT false NOT NULL,
	`dislike` integer DEFAULT false NOT NULL,
	`dislike_reason` text,
	`tagged_people` text DEFAULT '[]' NOT NULL,
	`tagged_people_fixed` integer DEFAULT false NOT NULL,
	`location` text,
	`location_object` text,
	`hyperlink` text,
	`external_calendar_id` text,
	`fingerprint` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_user_start_idx` ON `events` (`user_id`,`start`);--> statement-breakpoint
CREATE INDEX `events_user_fingerprint_idx` ON `events` (`user_id`,`fingerprint`);--> statement-breakpoint
CREATE TABLE `forwarding_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`username` text NOT NULL,
	`address` text NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`confirmation_code` text,
	`confirmation_url` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `forwarding_addresses_user_id_unique` ON `forwarding_addresses` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `forwarding_addresses_username_unique` ON `forwarding_addresses` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `forwarding_addresses_address_unique` ON `forwarding_addresses` (`address`);--> statement-breakpoint
CREATE TABLE `google_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`access_token` text NOT NULL,
	`refresh_token` text,
	`access_token_expires_at` integer,
	`scopes` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mentions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`source_content_id` text NOT NULL,
	`source_type` text NOT NULL,
	`source_sender` text DEFAULT '' NOT NULL,
	`source_address` text DEFAULT '' NOT NULL,
	`source_date` integer NOT NULL,
	`source_url` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mentions_event_source_idx` ON `mentions` (`event_id`,`source_content_id`);--> statement-breakpoint
CREATE INDEX `mentions_source_idx` ON `mentions` (`user_id`,`source_content_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`message_key` text NOT NULL,
	`sender_name` text DEFAULT '' NOT NULL,
	`sender_address` text DEFAULT '' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`text` text,
	`html` text,
	`via` text DEFAULT 'forward' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_detail` text,
	`events_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_user_key_idx` ON `messages` (`user_id`,`message_key`);--> statement-breakpoint
CREATE TABLE `push_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`platform` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`refreshed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_tokens_user_token_idx` ON `push_tokens` (`user_id`,`token`);--> statement-breakpoint
CREATE TABLE `schools` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state_prov` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'USA' NOT NULL,
	`lat` real,
	`lng` real,
	`grade_low` integer,
	`grade_high` integer,
	`domain` text,
	`calendar_url` text
);
--> statement-breakpoint
CREATE INDEX `schools_name_idx` ON `schools` (`name`);--> statement-breakpoint
CREATE TABLE `sender_addresses` (
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`sender_name` text DEFAULT '' NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `url_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`url` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`content_type` text DEFAULT 'text/html' NOT NULL,
	`html` text,
	`text` text,
	`created_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_detail` text,
	`events_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `url_sources_user_idx` ON `url_sources` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text DEFAULT '' NOT NULL,
	`google_sub` text,
	`timezone` text,
	`country` text,
	`last_lat` real,
	`last_lng` real,
	`email_provider` text,
	`calendar_provider` text,
	`preferences` text DEFAULT '{}' NOT NULL,
	`partner_email` text,
	`subscription_status` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`current_period_end` integer,
	`billing_customer_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE TABLE `watchlist` (
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
