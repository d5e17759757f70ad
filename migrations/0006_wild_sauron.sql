CREATE TABLE `pdf_chunks` (
	`user_id` text NOT NULL,
	`attachment_id` text NOT NULL,
	`seq` integer NOT NULL,
	`base64` text NOT NULL,
	PRIMARY KEY(`attachment_id`, `seq`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attachment_id`) REFERENCES `attachments`(`id`) ON UPDATE no action ON DELETE cascade
);
