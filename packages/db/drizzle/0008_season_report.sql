CREATE TABLE `product_status_changes` (
	`product_status_change_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`from_status` integer NOT NULL,
	`to_status` integer NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`product_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_status_changes_product_idx` ON `product_status_changes` (`product_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `season_plans` (
	`product_id` integer NOT NULL,
	`season` integer NOT NULL,
	`quantity` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL,
	PRIMARY KEY(`product_id`, `season`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`product_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stock_shortfalls` (
	`stock_shortfall_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`season` integer NOT NULL,
	`quantity_asked` integer NOT NULL,
	`quantity_left` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`product_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stock_shortfalls_season_idx` ON `stock_shortfalls` (`season`,`product_id`);--> statement-breakpoint
CREATE TRIGGER `product_status_changes_log` AFTER UPDATE OF `product_status` ON `products`
WHEN OLD.`product_status` IS NOT NEW.`product_status`
BEGIN
  INSERT INTO `product_status_changes` (`product_id`, `from_status`, `to_status`, `changed_at`)
  VALUES (
    NEW.`product_id`,
    OLD.`product_status`,
    NEW.`product_status`,
    CASE WHEN NEW.`updated_at` IS NOT OLD.`updated_at` AND NEW.`updated_at` IS NOT NULL THEN NEW.`updated_at`
      ELSE cast(unixepoch('subsec') * 1000 as integer) END
  );
END;
