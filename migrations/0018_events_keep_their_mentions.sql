-- Each event's mention list is the only record of its mentions (issue 32): the `mentions`
-- table beside it, and its three indexes, were about a quarter of a family's D1 bytes.
-- The list's entries lose the id of the row they copied; the API names a mention by its
-- event and source instead.
UPDATE `events` SET `mention_list` = (SELECT json_group_array(json_remove(j.value, '$.id')) FROM json_each(`events`.`mention_list`) j) WHERE `mention_list` LIKE '%"id":%';--> statement-breakpoint
DROP TABLE `mentions`;
