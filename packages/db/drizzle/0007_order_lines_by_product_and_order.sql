DROP INDEX `order_lines_product_idx`;--> statement-breakpoint
CREATE INDEX `order_lines_product_order_idx` ON `order_lines` (`product_id`,`order_id`);