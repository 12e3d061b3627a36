DROP INDEX `orders_season_idx`;--> statement-breakpoint
CREATE INDEX `orders_season_created_idx` ON `orders` (`season_purchased`,`created_at`);