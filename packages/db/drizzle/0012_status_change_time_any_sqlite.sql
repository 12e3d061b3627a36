-- The status log's time without unixepoch('subsec'), which SQLite before 3.42 (Debian 12's sqlite3 shell)
-- answers NULL: a product edited by hand there failed on the log's NOT NULL.
DROP TRIGGER IF EXISTS `product_status_changes_log`;--> statement-breakpoint
CREATE TRIGGER `product_status_changes_log` AFTER UPDATE OF `product_status` ON `products`
WHEN OLD.`product_status` IS NOT NEW.`product_status`
BEGIN
  INSERT INTO `product_status_changes` (`product_id`, `from_status`, `to_status`, `changed_at`)
  VALUES (
    NEW.`product_id`,
    OLD.`product_status`,
    NEW.`product_status`,
    CASE WHEN NEW.`updated_at` IS NOT OLD.`updated_at` AND NEW.`updated_at` IS NOT NULL THEN NEW.`updated_at`
      ELSE cast(round((julianday('now') - 2440587.5) * 86400000) as integer) END
  );
END;
