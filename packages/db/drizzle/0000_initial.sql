CREATE TABLE `contacts` (
	`contact_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`subject` text,
	`email` text NOT NULL,
	`comments` text NOT NULL,
	`load_time` integer,
	`is_spam` integer DEFAULT false NOT NULL,
	`spam_reason` text,
	`client_ip` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`email_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `email_outbox_unsent_idx` ON `email_outbox` (`sent_at`);--> statement-breakpoint
CREATE TABLE `oidc_payloads` (
	`id` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`grant_id` text,
	`user_code` text,
	`uid` text,
	`expires_at` integer,
	`consumed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oidc_payloads_kind_id_idx` ON `oidc_payloads` (`kind`,`id`);--> statement-breakpoint
CREATE INDEX `oidc_payloads_grant_idx` ON `oidc_payloads` (`grant_id`);--> statement-breakpoint
CREATE INDEX `oidc_payloads_uid_idx` ON `oidc_payloads` (`uid`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`order_product_xref_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`is_static` integer DEFAULT false NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`order_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`product_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_lines_product_idx` ON `order_lines` (`product_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`order_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`phone_digits` text DEFAULT '' NOT NULL,
	`work_phone_number` text,
	`comments` text,
	`is_tax_exempt` integer DEFAULT false NOT NULL,
	`season_purchased` integer NOT NULL,
	`subtotal_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`total_quantity` integer DEFAULT 0 NOT NULL,
	`num_items` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`source` text DEFAULT 'online' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text
);
--> statement-breakpoint
CREATE INDEX `orders_season_idx` ON `orders` (`season_purchased`);--> statement-breakpoint
CREATE INDEX `orders_deleted_idx` ON `orders` (`deleted_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE TABLE `product_prices` (
	`product_price_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`start_quantity` integer NOT NULL,
	`end_quantity` integer,
	`price_cents` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`product_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_prices_product_idx` ON `product_prices` (`product_id`);--> statement-breakpoint
CREATE TABLE `product_types` (
	`product_type_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `products` (
	`product_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`product_type_id` integer NOT NULL,
	`species` text DEFAULT '' NOT NULL,
	`zones` text DEFAULT '' NOT NULL,
	`product_size` text DEFAULT '' NOT NULL,
	`product_status` integer DEFAULT 2 NOT NULL,
	`is_dougs` integer DEFAULT false NOT NULL,
	`full_size_image_path` text,
	`thumbnail_image_path` text,
	`cropped_image_path` text,
	`product_image_cropped` integer DEFAULT false NOT NULL,
	`photo_owner` text,
	`photo_page_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`product_type_id`) REFERENCES `product_types`(`product_type_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `products_status_idx` ON `products` (`product_status`);--> statement-breakpoint
CREATE TABLE `saved_messages` (
	`message_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`message_html` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_messages_name_unique` ON `saved_messages` (`name`);--> statement-breakpoint
CREATE TABLE `settings` (
	`setting_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`is_true` integer DEFAULT false NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`updated_at` integer,
	`updated_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_name_unique` ON `settings` (`name`);--> statement-breakpoint
CREATE TABLE `staff_accounts` (
	`staff_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`full_name` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`password_changed_at` integer,
	`last_sign_in_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_accounts_email_unique` ON `staff_accounts` (`email`);--> statement-breakpoint
CREATE TABLE `stock_changes` (
	`product_quantity_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`season` integer NOT NULL,
	`change_in_stock` integer NOT NULL,
	`notes` text,
	`changed_by_name` text NOT NULL,
	`changed_by_email` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`product_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_changes_product_season_idx` ON `stock_changes` (`product_id`,`season`);--> statement-breakpoint
CREATE TABLE `uploaded_files` (
	`file_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`path` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`product_id` integer,
	`original_name` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploaded_files_path_unique` ON `uploaded_files` (`path`);