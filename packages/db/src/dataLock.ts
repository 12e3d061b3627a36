import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const LOCK_FILE_NAME = 'shop.lock';

/** A start-up problem said in words for the owner: printed as it is, without a stack trace. */
export class ShopStartError extends Error {}

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

/**
 * Takes the data folder for this process alone: a second server (or `pnpm restore`) on the same folder
 * would write into the same database while this one caches what it read, and the two would disagree.
 *
 * The lock is an exclusive SQLite transaction held open on a small file of its own. SQLite locks with
 * fcntl, which the kernel drops when the process ends however it ends (SIGKILL, a power cut leaves no
 * process at all), so a crashed shop never leaves a stale lock behind, unlike a pid file. Connections in
 * the same process see each other's lock too, so tests that start two servers on one folder are refused.
 */
export function lockDataFolder(dataDir: string, holder: string): DataFolderLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  let lock: Database.Database;
  try {
    mkdirSync(dataDir, { recursive: true });
    lock = new Database(file, { timeout: 0 });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ShopStartError(
      `Cannot use the data folder ${dataDir}: ${file} could not be opened (${why}). Check that the folder exists and that the user running the shop may write to it (DATA_DIR).`,
    );
  }
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) {
      throw new ShopStartError(
        `The data folder ${dataDir} is in use by another shop process (it holds ${file}). Only one may use a data folder at a time: stop the other one first (systemctl stop nursery, or Ctrl+C where it runs), or give this one its own DATA_DIR. (${holder} not started.)`,
      );
    }
    throw error;
  }
  return {
    file,
    release() {
      if (!lock.open) return;
      try {
        lock.exec('ROLLBACK');
      } finally {
        lock.close();
      }
    },
  };
}
