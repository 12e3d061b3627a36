import { openDatabase } from '@nursery/db';
import type { Shop } from '../shop.ts';
import { asStaffJob } from '../staffJobs.ts';
import { pieces } from '../turns.ts';

/**
 * The read's page cache, in KiB (SQLite's negative cache_size). better-sqlite3 builds SQLite with 16 MB a
 * connection, which a read of ten seasons fills (the year-over-year sums: 12 MB more of the server's memory
 * while they ran); the pages are read once in order, and the system's file cache keeps them anyway: at 2 MB the
 * same sums took the same time (49-62 ms).
 */
const READ_CACHE_KIB = 2048;

/**
 * A big staff read (an export's workbook, the season report, a day's pick list) on the server's thread, in
 * pieces: `read` gets the shop as seen through a read-only connection of its own, in one read transaction held
 * across the loop's turns, so everything it reads shows one moment of the shop while orders keep arriving (in
 * WAL mode a reader never holds the order writer back), and `pause`, to await between its pieces (turns.ts).
 *
 * Not on a worker thread: a thread's own V8 heap, the shop's modules loaded again and its connection cost about
 * 50 MB before its first row, on top of the server's own 160-170 MB on a ten-season shop (the 512 MB host's
 * budget, apps/server/bench/NOTES.md). A big staff job still waits its turn among the others (staffJobs.ts).
 */
export function readInPieces<T>(
  shop: Shop,
  read: (shop: Shop, pause: () => Promise<void>) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  return asStaffJob(
    shop,
    async () => {
      // The server opened, checked and migrated the database before; this connection only reads.
      const database = openDatabase(shop.database.file, { alreadyOpen: true, readonly: true });
      database.sqlite.pragma(`cache_size = -${READ_CACHE_KIB}`);
      // The clock stops when the read starts: the season, the file's dates and the read agree.
      const at = shop.now().getTime();
      const seen: Shop = { ...shop, database, db: database.db, now: () => new Date(at) };
      try {
        database.sqlite.exec('BEGIN');
        return await read(seen, pieces());
      } finally {
        if (database.sqlite.inTransaction) database.sqlite.exec('ROLLBACK');
        // Closed without the checkpoint the shop's own close does: folding the WAL is the server's (or
        // Litestream's) to do, and would make the server's next write wait for it.
        database.sqlite.close();
      }
    },
    signal,
  );
}
