-- Each mention in an event's list keeps short keys (issue 32, app/.server/db/mention-list.ts):
-- spelled out, the keys were a third of every entry, in every event row. An empty sender or
-- address and a missing URL are left out.
UPDATE `events` SET `mention_list` = (
  SELECT json_group_array(json_patch(
    json_object('i', json_extract(j.value, '$.sourceContentId'), 't', json_extract(j.value, '$.sourceType'), 'd', json_extract(j.value, '$.sourceDate')),
    json_object(
      's', nullif(json_extract(j.value, '$.sourceSender'), ''),
      'a', nullif(json_extract(j.value, '$.sourceAddress'), ''),
      'u', nullif(json_extract(j.value, '$.sourceURL'), '')
    )
  ))
  FROM json_each(`events`.`mention_list`) j
) WHERE `mention_list` LIKE '%"sourceContentId":%';
