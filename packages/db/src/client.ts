import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { ShopStartError } from './dataLock.ts';
import * as schema from './schema.ts';

export type ShopDb = BetterSQLite3Database<typeof schema>;
export type Sqlite = Database.Database;
export interface ShopDatabase {
  db: ShopDb;
  sqlite: Sqlite;
  file: string;
  /**
   * What SQLite's integrity check found wrong at start, in words for the owner; null when the file is whole
   * (or was not checked). While set, the shop refuses new orders and changes and /health says so.
   */
  damage: string | null;
  close(): void;
}

export const DATABASE_FILE_NAME = 'shop.db';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The migrations folder: beside the source in the workspace, beside the bundle in a release. */
export function defaultMigrationsFolder(): string {
  const candidates = [path.join(here, '..', 'drizzle'), path.join(here, 'drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The number of migrations shipped with this build: the schema version written into backups. */
export function schemaVersion(migrationsFolder = defaultMigrationsFolder()): number {
  return readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
}

/**
 * Pragmas every connection needs: WAL for concurrent reads, FULL sync so an acknowledged order survives a power
 * cut, and a page cache of 4 MB, not the 16 MB better-sqlite3 builds SQLite with: the system's file cache keeps
 * the same pages anyway, and a ten-season shop's whole-list reads filled the server's and the order writer's
 * caches, 12 MB of a 512 MB host's memory over them for no measurable gain (apps/server/bench/NOTES.md).
 */
export const PAGE_CACHE_KIB = 4096;

export function applyPragmas(sqlite: Sqlite): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
}

const SQLITE_HEADER = 'SQLite format 3\0';

/** What to do about a database file the shop cannot use, said once for every case. */
function restoreAdvice(file: string): string {
  return `If you have a backup, move ${path.basename(file)} (and any ${path.basename(file)}-wal and -shm beside it) out of ${path.dirname(file)} and run pnpm restore with your latest backup (docs/backup.md, "When the database is damaged"); then start the shop again.`;
}

/**
 * Refuses a file that is there but is not a database the shop can use, before SQLite touches it: an empty
 * file would otherwise silently become a new demo shop with a new owner password, and garbage would fail
 * later with a stack trace.
 */
function checkDatabaseFile(file: string): void {
  if (!existsSync(file)) return;
  const size = statSync(file).size;
  if (size === 0) {
    throw new ShopStartError(
      `The shop's database ${file} is empty (0 bytes): its products, orders and settings are not in it. The shop will not start a new, empty shop over it. ${restoreAdvice(file)} To really start a new shop, delete the file.`,
    );
  }
  const head = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (size < 100 || head.toString('latin1', 0, SQLITE_HEADER.length) !== SQLITE_HEADER) {
    throw new ShopStartError(
      `The shop's database ${file} is not a SQLite database (${size} bytes that do not start like one): it was overwritten or is not the shop's file. ${restoreAdvice(file)}`,
    );
  }
  // SQLite would open a file it may not write read-only without a word and fail at the first write.
  for (const needed of [file, path.dirname(file)]) {
    try {
      accessSync(needed, constants.W_OK);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ShopStartError(
        `The shop's database ${file} cannot be written (${needed} is not writable: ${why}). The user running the shop must own the data folder and its files: e.g. chown -R nursery: ${path.dirname(file)} (docs/deploy.md), and the disk must not be mounted read-only.`,
      );
    }
  }
  // The header says how many pages the file had at its last checkpoint; a file shorter than that was cut
  // short (a copy that did not finish, a full disk). Pages written since sit in the WAL, so only without one.
  const wal = `${file}-wal`;
  if (!existsSync(wal) || statSync(wal).size === 0) {
    const rawPageSize = head.readUInt16BE(16);
    const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
    const pages = head.readUInt32BE(28);
    // The page count is valid only when the change counter matches the version-valid-for number.
    const valid = head.readUInt32BE(24) === head.readUInt32BE(92);
    if (valid && pages > 0 && pages * pageSize > size) {
      throw new ShopStartError(
        `The shop's database ${file} is cut short: ${size} bytes of the ${pages * pageSize} it should have. ${restoreAdvice(file)}`,
      );
    }
  }
}

/** SQLite's refusals of a file, turned into what the owner can do about them. */
function fileProblem(file: string, error: unknown): ShopStartError | null {
  if (!(error instanceof Database.SqliteError)) return null;
  const code = error.code;
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') {
    return new ShopStartError(
      `The shop's database ${file} cannot be written (${error.message}). The user running the shop must own the data folder and its files: e.g. chown -R nursery: ${path.dirname(file)} (docs/deploy.md), and the disk must not be mounted read-only.`,
    );
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_IOERR')) {
    return new ShopStartError(
      `The shop's database ${file} is damaged and cannot be read (${error.message}); it may have been cut short by a full disk or a copy that did not finish. ${restoreAdvice(file)}`,
    );
  }
  return null;
}

/**
 * Above this size the start runs quick_check (which skips matching index contents to rows) instead of the
 * full integrity_check, which reads every index: seconds on a large file, for every start.
 */
const FULL_CHECK_MAX_BYTES = 128 * 1024 * 1024;

/**
 * SQLite's own check of the file at start: a damaged page makes some answers fail with 500 while new orders
 * are written into the damaged file. Answers null when whole, else what was found and what to do.
 */
export function checkDatabaseIntegrity(database: ShopDatabase): string | null {
  const { sqlite, file } = database;
  const full = !existsSync(file) || statSync(file).size <= FULL_CHECK_MAX_BYTES;
  let found: string[];
  try {
    found = sqlite
      .prepare(full ? 'PRAGMA integrity_check(5)' : 'PRAGMA quick_check(5)')
      .pluck()
      .all() as string[];
  } catch (error) {
    found = [error instanceof Error ? error.message : String(error)];
  }
  if (found.length === 1 && found[0] === 'ok') return null;
  // One line for a log and a JSON answer: SQLite puts several findings in one row, after a banner line.
  const findings = found
    .flatMap((row) => row.split('\n'))
    .filter((line) => line.trim() && !line.startsWith('***'))
    .slice(0, 3);
  return `The shop's database ${file} is damaged (SQLite's ${full ? 'integrity' : 'quick'} check: ${findings.join('; ')}). New orders and changes are refused so nothing more is written into it. Take a backup of it anyway (Admin > Settings > Download Backup) and restore the latest good one: from Admin > Settings > Restore from Backup, or stop the shop and follow docs/backup.md, "When the database is damaged".`;
}

export function openDatabase(
  file: string,
  options: {
    migrationsFolder?: string;
    readonly?: boolean;
    /**
     * This process has the database open already, checked and migrated (the order writer's thread opens a
     * second connection): neither is done again, and the file check must not be (see below).
     */
    alreadyOpen?: boolean;
    /**
     * Litestream copies this database (REPLICA_URL): it owns the checkpoints that end the WAL
     * (litestream.io/tips), so closing leaves the WAL as it is instead of truncating it.
     */
    replicated?: boolean;
  } = {},
): ShopDatabase {
  // Only before the first connection: the check opens and closes the file with plain fs calls, and closing any
  // descriptor of a file drops every POSIX lock this process holds on it, the open connections' included
  // (sqlite.org/howtocorrupt.html, 2.2). Another process then believed it was alone, checkpointed and reset the
  // WAL under the server's connection, whose next reads were of an old snapshot.
  if (!options.readonly && !options.alreadyOpen) checkDatabaseFile(file);
  let sqlite: Sqlite;
  let db: ShopDb;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new Database(file, { readonly: options.readonly ?? false });
  } catch (error) {
    throw fileProblem(file, error) ?? error;
  }
  try {
    applyPragmas(sqlite);
    db = drizzle(sqlite, { schema });
    if (!options.readonly && !options.alreadyOpen) {
      migrate(db, { migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder() });
    }
  } catch (error) {
    sqlite.close();
    // drizzle wraps what SQLite said in its own error.
    throw fileProblem(file, error) ?? fileProblem(file, (error as { cause?: unknown }).cause) ?? error;
  }
  return {
    db,
    sqlite,
    file,
    damage: null,
    close() {
      if (sqlite.open) {
        // Folding the WAL back into the main file leaves one self-contained file behind; a replicated
        // database's WAL is Litestream's to fold, after it has copied it (its read lock would only make this
        // wait out the busy timeout).
        try {
          if (!options.replicated) sqlite.pragma('wal_checkpoint(TRUNCATE)');
        } catch {
          // A read-only or busy database keeps its WAL; SQLite replays it on the next open.
        }
        sqlite.close();
      }
    },
  };
}
