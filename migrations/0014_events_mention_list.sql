ALTER TABLE `events` ADD `mention_list` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `events_user_created_idx` ON `events` (`user_id`,`created_at`);--> statement-breakpoint
-- Existing events take their mentions once; from here on every write that adds or drops a mention keeps the list (refreshMentionLists).
UPDATE `events` SET `mention_list` = (SELECT json_group_array(json_object('id', m.`id`, 'sourceContentId', m.`source_content_id`, 'sourceType', m.`source_type`, 'sourceSender', m.`source_sender`, 'sourceAddress', m.`source_address`, 'sourceDate', m.`source_date`, 'sourceURL', m.`source_url`)) FROM `mentions` m WHERE m.`user_id` = `events`.`user_id` AND m.`event_id` = `events`.`id`);
