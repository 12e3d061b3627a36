ALTER TABLE `orders` ADD `picked_up_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `picked_up_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_method` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_check_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_by` text;