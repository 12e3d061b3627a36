CREATE TABLE `season_rollovers` (
	`rollover_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_season` integer NOT NULL,
	`to_season` integer NOT NULL,
	`options` text NOT NULL,
	`summary` text NOT NULL,
	`backup_file` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` text NOT NULL,
	`created_by_email` text
);
