CREATE TABLE `counter_actions` (
	`action_id` text PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`fingerprint` text NOT NULL,
	`recorded` integer NOT NULL,
	`conflict` text,
	`staff` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`order_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `counter_actions_order_idx` ON `counter_actions` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `picked_up_action` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_action` text;