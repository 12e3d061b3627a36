CREATE TABLE `integration_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` text NOT NULL,
	`last_token_at` integer,
	`revoked_at` integer,
	`revoked_by` text
);
