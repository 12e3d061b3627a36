CREATE TABLE `pick_up_days` (
	`pick_up_day_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`capacity` integer NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`updated_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pick_up_days_date_unique` ON `pick_up_days` (`date`);--> statement-breakpoint
ALTER TABLE `orders` ADD `pick_up_day_id` integer REFERENCES pick_up_days(pick_up_day_id);--> statement-breakpoint
CREATE INDEX `orders_pick_up_day_idx` ON `orders` (`pick_up_day_id`,`deleted_at`);