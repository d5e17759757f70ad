ALTER TABLE `users` ADD `partner_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `partner_confirm_token` text;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_sends_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_sends` integer DEFAULT 0 NOT NULL;