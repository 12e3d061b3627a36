CREATE TABLE `customer_email_templates` (
	`kind` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `pick_up_reminders` (
	`order_id` integer NOT NULL,
	`pick_up_date` text NOT NULL,
	`email_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`order_id`, `pick_up_date`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`order_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`waitlist_entry_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`told_at` integer,
	`email_id` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`product_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_product_email_idx` ON `waitlist_entries` (`product_id`,`email_key`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_waiting_idx` ON `waitlist_entries` (`product_id`,`told_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `order_id` integer;--> statement-breakpoint
CREATE INDEX `email_outbox_order_idx` ON `email_outbox` (`order_id`);