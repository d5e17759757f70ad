CREATE INDEX `mentions_user_event_idx` ON `mentions` (`user_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `messages_user_status_idx` ON `messages` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `messages_status_received_idx` ON `messages` (`status`,`created_at`);