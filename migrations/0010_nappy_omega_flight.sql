DROP INDEX `messages_user_status_idx`;--> statement-breakpoint
CREATE INDEX `messages_user_status_idx` ON `messages` (`user_id`,`status`,`created_at`);