-- Family rows stop referencing the directory (users, schools): a shard holds no directory
-- rows (ADR 027). Written by hand from drizzle-kit's output, because D1 runs a migration in
-- one transaction with foreign keys on: there, dropping a table that others reference with
-- ON DELETE CASCADE deletes their rows. So the parent tables (messages, attachments, events)
-- are renamed first, which points their children's references at the old names; each child
-- is rebuilt against the new parent; the old parents go last, when nothing references them.
-- app/.server/db/shard-ready-migration.test.ts runs it the way D1 does.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
ALTER TABLE `messages` RENAME TO `messages_old`;--> statement-breakpoint
ALTER TABLE `attachments` RENAME TO `attachments_old`;--> statement-breakpoint
ALTER TABLE `events` RENAME TO `events_old`;--> statement-breakpoint
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
	`envelope_from` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_detail` text,
	`events_count` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO `messages`("id", "user_id", "message_key", "sender_name", "sender_address", "subject", "sent_at", "created_at", "text", "html", "via", "envelope_from", "status", "status_detail", "events_count") SELECT "id", "user_id", "message_key", "sender_name", "sender_address", "subject", "sent_at", "created_at", "text", "html", "via", "envelope_from", "status", "status_detail", "events_count" FROM `messages_old`;--> statement-breakpoint
CREATE TABLE `attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`message_id` text NOT NULL,
	`filename` text DEFAULT '' NOT NULL,
	`content_type` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `attachments`("id", "user_id", "message_id", "filename", "content_type", "text") SELECT "id", "user_id", "message_id", "filename", "content_type", "text" FROM `attachments_old`;--> statement-breakpoint
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
	`occurrences` text,
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
	`reminded_at` integer,
	`source` text,
	`confidence` real,
	`needs_review` integer DEFAULT false NOT NULL,
	`mention_list` text DEFAULT '[]' NOT NULL,
	`fingerprint` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`updated_at` integer,
	`created_at` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `events`("id", "user_id", "event_name", "description", "start", "end", "date_time", "tags", "range", "start_range", "end_range", "recurrence", "occurrences", "month_event", "week_event", "first_view", "like", "dislike", "dislike_reason", "tagged_people", "tagged_people_fixed", "location", "location_object", "hyperlink", "external_calendar_id", "reminded_at", "source", "confidence", "needs_review", "mention_list", "fingerprint", "sequence", "updated_at", "created_at") SELECT "id", "user_id", "event_name", "description", "start", "end", "date_time", "tags", "range", "start_range", "end_range", "recurrence", "occurrences", "month_event", "week_event", "first_view", "like", "dislike", "dislike_reason", "tagged_people", "tagged_people_fixed", "location", "location_object", "hyperlink", "external_calendar_id", "reminded_at", "source", "confidence", "needs_review", "mention_list", "fingerprint", "sequence", "updated_at", "created_at" FROM `events_old`;--> statement-breakpoint
ALTER TABLE `mentions` RENAME TO `mentions_old`;--> statement-breakpoint
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
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `mentions`("id", "user_id", "event_id", "source_content_id", "source_type", "source_sender", "source_address", "source_date", "source_url") SELECT "id", "user_id", "event_id", "source_content_id", "source_type", "source_sender", "source_address", "source_date", "source_url" FROM `mentions_old`;--> statement-breakpoint
DROP TABLE `mentions_old`;--> statement-breakpoint
ALTER TABLE `likes` RENAME TO `likes_old`;--> statement-breakpoint
CREATE TABLE `likes` (
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`external_calendar_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `event_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `likes`("user_id", "event_id", "external_calendar_id", "created_at") SELECT "user_id", "event_id", "external_calendar_id", "created_at" FROM `likes_old`;--> statement-breakpoint
DROP TABLE `likes_old`;--> statement-breakpoint
ALTER TABLE `pdf_chunks` RENAME TO `pdf_chunks_old`;--> statement-breakpoint
CREATE TABLE `pdf_chunks` (
	`user_id` text NOT NULL,
	`attachment_id` text NOT NULL,
	`seq` integer NOT NULL,
	`base64` text NOT NULL,
	PRIMARY KEY(`attachment_id`, `seq`),
	FOREIGN KEY (`attachment_id`) REFERENCES `attachments`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `pdf_chunks`("user_id", "attachment_id", "seq", "base64") SELECT "user_id", "attachment_id", "seq", "base64" FROM `pdf_chunks_old`;--> statement-breakpoint
DROP TABLE `pdf_chunks_old`;--> statement-breakpoint
ALTER TABLE `children` RENAME TO `children_old`;--> statement-breakpoint
CREATE TABLE `children` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`first_name` text NOT NULL,
	`grade` text NOT NULL,
	`avatar_id` text NOT NULL,
	`school_id` text,
	`teachers` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `children`("id", "user_id", "first_name", "grade", "avatar_id", "school_id", "teachers", "created_at") SELECT "id", "user_id", "first_name", "grade", "avatar_id", "school_id", "teachers", "created_at" FROM `children_old`;--> statement-breakpoint
DROP TABLE `children_old`;--> statement-breakpoint
ALTER TABLE `watchlist` RENAME TO `watchlist_old`;--> statement-breakpoint
CREATE TABLE `watchlist` (
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`)
);--> statement-breakpoint
INSERT INTO `watchlist`("user_id", "address", "created_at") SELECT "user_id", "address", "created_at" FROM `watchlist_old`;--> statement-breakpoint
DROP TABLE `watchlist_old`;--> statement-breakpoint
ALTER TABLE `sender_addresses` RENAME TO `sender_addresses_old`;--> statement-breakpoint
CREATE TABLE `sender_addresses` (
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`sender_name` text DEFAULT '' NOT NULL,
	`gmail_count` integer DEFAULT 0 NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`)
);--> statement-breakpoint
INSERT INTO `sender_addresses`("user_id", "address", "sender_name", "gmail_count", "last_seen_at") SELECT "user_id", "address", "sender_name", "gmail_count", "last_seen_at" FROM `sender_addresses_old`;--> statement-breakpoint
DROP TABLE `sender_addresses_old`;--> statement-breakpoint
ALTER TABLE `url_sources` RENAME TO `url_sources_old`;--> statement-breakpoint
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
	`added_by` text
);--> statement-breakpoint
INSERT INTO `url_sources`("id", "user_id", "url", "title", "content_type", "html", "text", "created_at", "status", "status_detail", "events_count", "added_by") SELECT "id", "user_id", "url", "title", "content_type", "html", "text", "created_at", "status", "status_detail", "events_count", "added_by" FROM `url_sources_old`;--> statement-breakpoint
DROP TABLE `url_sources_old`;--> statement-breakpoint
ALTER TABLE `calendar_links` RENAME TO `calendar_links_old`;--> statement-breakpoint
CREATE TABLE `calendar_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`url` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `calendar_links`("id", "user_id", "url", "name", "created_at") SELECT "id", "user_id", "url", "name", "created_at" FROM `calendar_links_old`;--> statement-breakpoint
DROP TABLE `calendar_links_old`;--> statement-breakpoint
DROP TABLE `attachments_old`;--> statement-breakpoint
DROP TABLE `messages_old`;--> statement-breakpoint
DROP TABLE `events_old`;--> statement-breakpoint
CREATE INDEX `attachments_message_idx` ON `attachments` (`message_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_links_user_url_idx` ON `calendar_links` (`user_id`,`url`);--> statement-breakpoint
CREATE INDEX `children_user_idx` ON `children` (`user_id`);--> statement-breakpoint
CREATE INDEX `events_user_start_idx` ON `events` (`user_id`,`start`);--> statement-breakpoint
CREATE INDEX `events_user_fingerprint_idx` ON `events` (`user_id`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `events_user_created_idx` ON `events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `mentions_event_source_idx` ON `mentions` (`event_id`,`source_content_id`);--> statement-breakpoint
CREATE INDEX `mentions_source_idx` ON `mentions` (`user_id`,`source_content_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_user_key_idx` ON `messages` (`user_id`,`message_key`);--> statement-breakpoint
CREATE INDEX `messages_user_status_idx` ON `messages` (`user_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_status_received_idx` ON `messages` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `url_sources_user_idx` ON `url_sources` (`user_id`);
