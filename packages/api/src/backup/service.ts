import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import {
  expectedSchema,
  LITESTREAM_TABLES,
  MIGRATIONS_TABLE,
  openDatabase,
  readSchema,
  schemaDifferences,
  schemaVersion,
  seedDatabase,
} from '@nursery/db';
import { zonedParts } from '@nursery/domain';
import { ShopError } from '../errors.ts';
import { WORKBOOK_TEMP_PREFIX } from '../exports/workbook.ts';
import type { FileAnswer } from '../input.ts';
import type { Shop } from '../shop.ts';
import { seasonChanged } from '../stock/levels.ts';
import {
  APP_VERSION,
  ArchiveRefused,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupEntry,
  type BackupManifest,
  DATABASE_ENTRY,
  fileDigest,
  isSafeEntryName,
  MANIFEST_WARNING_CHARS,
  MEDIA_PREFIX,
  readBackupFile,
  sizeText,
  zipBackupStream,
} from './archive.ts';
import { withChangesHeld } from './changesHeld.ts';
import { checkDatabaseApart } from './databaseCheck.ts';

export const BACKUPS_FOLDER = 'backups';
const ZIP_CONTENT_TYPE = 'application/zip';
/** Working folders: a restore's staging area in the data folder, a backup's snapshot in backups/. */
const RESTORE_STAGE_PREFIX = '.restore-';
const SNAPSHOT_PREFIX = '.snapshot-';

function backupsDir(shop: Shop): string {
  return path.join(shop.config.dataDir, BACKUPS_FOLDER);
}

function stamp(shop: Shop): string {
  const p = zonedParts(shop.now(), shop.config.shop.timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}-${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

async function listMedia(root: string, prefix = ''): Promise<string[]> {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listMedia(root, relative)));
    // Half-written uploads (*.tmp) are not part of the shop yet.
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) found.push(relative);
  }
  return found;
}

/**
 * Removes what an interrupted restore, backup or export left in the data folder (a staged database holds every
 * password hash). Called at start, while the data folder's lock is held, so nothing of it is in use.
 */
export function removeBackupLeftovers(dataDir: string): string[] {
  const removed: string[] = [];
  const sweep = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(prefix) && !(dir !== dataDir && name.endsWith('.tmp'))) continue;
      rmSync(path.join(dir, name), { recursive: true, force: true });
      removed.push(path.join(dir, name));
    }
  };
  sweep(dataDir, RESTORE_STAGE_PREFIX);
  // An export's workbook file, when the server stopped while it was written or read out.
  sweep(dataDir, WORKBOOK_TEMP_PREFIX);
  sweep(path.join(dataDir, BACKUPS_FOLDER), SNAPSHOT_PREFIX);
  return removed;
}

export interface CreatedBackup {
  fileName: string;
  manifest: BackupManifest;
  /** What the backup could not hold, in words for the owner; empty when it holds everything. */
  warnings: string[];
  /** The archive, written as it is read; the snapshot folder goes when it ends, fails or is abandoned. */
  stream: NodeJS.ReadableStream;
}

/**
 * A missing media folder is not an error (a shop without photos or flyer never made one), but a backup
 * without it after photos were uploaded would be a nasty surprise at restore time: say so everywhere.
 */
function mediaWarnings(shop: Shop): string[] {
  if (existsSync(shop.config.mediaDir)) return [];
  return [
    `The media folder (${shop.config.mediaDir}) was missing, so this backup holds no photos or flyer. If the shop had any, find the folder (is the disk mounted, is DATA_DIR right?) and take the backup again.`,
  ];
}

const LEFT_OUT_SHOWN = 3;
const LEFT_OUT_NAME_CHARS = 60;

function leftOutWarnings(leftOut: readonly string[]): string[] {
  if (leftOut.length === 0) return [];
  const shown = leftOut
    .slice(0, LEFT_OUT_SHOWN)
    .map((name) =>
      JSON.stringify(name.length > LEFT_OUT_NAME_CHARS ? `${name.slice(0, LEFT_OUT_NAME_CHARS)}...` : name),
    )
    .join(', ');
  const more = leftOut.length > LEFT_OUT_SHOWN ? ` and ${leftOut.length - LEFT_OUT_SHOWN} more` : '';
  const [count, verb, them] =
    leftOut.length === 1 ? ['1 file', 'was', 'it'] : [`${leftOut.length} files`, 'were', 'them'];
  const warning = `${count} in the media folder ${verb} left out of this backup because a restore cannot put ${them} back safely (a name with : or \\, or longer than 500 characters): ${shown}${more}. The shop never names its files so; if one matters, rename it and take the backup again.`;
  // Odd names quoted can run long; the manifest must still pass restore's own check.
  return [warning.slice(0, MANIFEST_WARNING_CHARS)];
}

/** A file's content as of now, kept however the original changes: a hard link, or a copy across disks. */
async function keepCopy(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/**
 * One archive holding the whole shop: a consistent snapshot of the database made with SQLite's online
 * backup into a file (orders keep coming in while it runs), every file in the media folder, and a manifest
 * with the app and schema versions and each file's size and SHA-256. Nothing is held in memory: the files
 * are hashed and zipped as streams, so the answer starts as soon as the snapshot is taken.
 */
export async function createBackup(shop: Shop): Promise<CreatedBackup> {
  const workDir = backupsDir(shop);
  await mkdir(workDir, { recursive: true });
  const temp = await mkdtemp(path.join(workDir, SNAPSHOT_PREFIX));
  try {
    const snapshot = path.join(temp, DATABASE_ENTRY);
    await shop.database.sqlite.backup(snapshot);
    const entries: BackupEntry[] = [{ name: DATABASE_ENTRY, file: snapshot }];
    const leftOut: string[] = [];
    for (const relative of await listMedia(shop.config.mediaDir)) {
      const name = `${MEDIA_PREFIX}${relative}`;
      // Restore refuses such a name (isSafeEntryName), so one file copied in by hand would make the whole
      // backup unrestorable: it is left out, and the owner told.
      if (!isSafeEntryName(name)) {
        leftOut.push(relative);
        continue;
      }
      // Linked into the snapshot folder: a photo deleted while the archive streams is still the one hashed.
      const kept = path.join(temp, 'media', ...relative.split('/'));
      await keepCopy(path.join(shop.config.mediaDir, relative), kept);
      entries.push({ name, file: kept });
    }
    const warnings = [...mediaWarnings(shop), ...leftOutWarnings(leftOut)];
    const files: BackupManifest['files'] = [];
    for (const entry of entries) files.push({ path: entry.name, ...(await fileDigest(entry.file)) });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      schemaVersion: schemaVersion(),
      createdAt: shop.now().toISOString(),
      shopName: shop.config.shop.name,
      ...(warnings.length > 0 ? { warnings } : {}),
      files,
    };
    const stream = zipBackupStream(entries, manifest);
    finished(stream)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => void rm(temp, { recursive: true, force: true }));
    const bytes = files.reduce((sum, f) => sum + f.size, 0);
    shop.log.info({ files: files.length, bytes }, 'backup made');
    for (const warning of warnings) shop.log.warn({ mediaDir: shop.config.mediaDir }, warning);
    return { fileName: `backup-${stamp(shop)}.zip`, manifest, warnings, stream };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

export async function backupDownload(shop: Shop): Promise<FileAnswer> {
  const backup = await createBackup(shop);
  return {
    contentType: ZIP_CONTENT_TYPE,
    fileName: backup.fileName,
    body: backup.stream,
    ...(backup.warnings.length > 0 ? { warning: backup.warnings.join(' ') } : {}),
  };
}

/** Writes a backup into the data folder's backups/ (or the given file) and answers its path and warnings. */
export async function writeBackupFile(
  shop: Shop,
  file?: string,
  prefix = 'backup',
): Promise<{ file: string; warnings: string[] }> {
  const target = file ?? path.join(backupsDir(shop), `${prefix}-${stamp(shop)}.zip`);
  await mkdir(path.dirname(target), { recursive: true });
  const backup = await createBackup(shop);
  const temp = `${target}.${randomUUID()}.tmp`;
  try {
    await pipeline(backup.stream, createWriteStream(temp));
    renameSync(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { file: target, warnings: backup.warnings };
}

function refuse(message: string): never {
  throw new ShopError({ kind: 'bad_request', message });
}

const restoring = new WeakSet<Shop>();

export interface RestoreResult {
  manifest: BackupManifest;
  /** The automatic backup of the state the restore replaced. */
  safetyBackup: string;
}

/**
 * Restores from an archive on disk, read as a stream: `pnpm restore FILE`, or the admin screen's upload,
 * which the REST adapter streams into the data folder first.
 */
export async function restoreBackupFile(shop: Shop, archive: string, size: number): Promise<RestoreResult> {
  checkArchiveSize(shop, size);
  return restoreStaged(shop, archive);
}

function checkArchiveSize(shop: Shop, bytes: number): void {
  if (bytes > shop.config.restoreMaxBytes) {
    throw new ShopError({
      kind: 'too_large',
      message: `The backup is larger than the ${sizeText(shop.config.restoreMaxBytes)} this shop accepts (RESTORE_MAX_BYTES). Nothing was changed.`,
    });
  }
}

/**
 * Replaces the shop's database and media with a backup's. The archive is checked whole before anything is
 * touched: zip, manifest, every entry's size and checksum as it unpacks into a staging folder, the
 * database's schema compared with this shop's before anything in it runs, its integrity and foreign keys
 * checked in a separate process with a time limit, and an older schema migrated forward on the staged
 * copy. Then the current state is saved to backups/, and the database contents and media folder are
 * swapped in one synchronous step inside one SQLite transaction, so no request sees half of each, and a
 * failure at any point leaves the shop exactly as it was. The staging folder always goes.
 */
async function restoreStaged(shop: Shop, archive: string): Promise<RestoreResult> {
  const { config } = shop;
  if (restoring.has(shop)) {
    throw new ShopError({
      kind: 'conflict',
      message: 'A restore is already running. Wait for it to finish.',
    });
  }
  restoring.add(shop);
  const stage = path.join(config.dataDir, `${RESTORE_STAGE_PREFIX}${randomUUID()}`);
  try {
    mkdirSync(stage, { recursive: true });
    const unpacked = path.join(stage, 'unpacked');
    let manifest: BackupManifest;
    try {
      manifest = await readBackupFile(archive, unpacked, { maxExpandedBytes: config.restoreMaxBytes * 4 });
    } catch (error) {
      if (error instanceof ArchiveRefused) refuse(error.message);
      throw error;
    }
    const ours = schemaVersion();
    if (manifest.schemaVersion > ours) {
      refuse(
        `This backup was made by a newer version of the shop (${manifest.appVersion}, database schema ${manifest.schemaVersion}; this shop has schema ${ours}). Update the shop, then restore it.`,
      );
    }

    const stagedDb = path.join(unpacked, DATABASE_ENTRY);
    checkStagedSchema(liveMigrationsSql(shop), stagedDb, ours);
    await checkStagedDatabase(config.restoreCheckMs, stagedDb);
    migrateStagedDatabase(shop, stagedDb);

    const stagedMedia = path.join(unpacked, 'media');
    mkdirSync(stagedMedia, { recursive: true });

    const safetyBackup = await withChangesHeld(shop, async () => {
      const { file } = await writeBackupFile(shop, undefined, 'before-restore');
      swapIn(shop, stagedDb, stagedMedia, path.join(stage, 'media-replaced'));
      return file;
    });
    shop.catalogCache.invalidate();
    // The restored database may hold fewer (or more) started seasons.
    seasonChanged(shop);
    shop.log.warn(
      { backupCreatedAt: manifest.createdAt, appVersion: manifest.appVersion, safetyBackup },
      'shop restored from a backup',
    );
    return { manifest, safetyBackup };
  } finally {
    restoring.delete(shop);
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * The staged database's schema against this shop's, before anything in the file runs: a trigger or view
 * the shop does not define (code that would run on the shop's thread while it is copied in), an extra
 * table or column, or a missing one is refused here.
 */
function checkStagedSchema(liveMigrations: string | null, file: string, ours: number): void {
  let staged: ReturnType<typeof readSchema>;
  try {
    staged = readSchema(file);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    refuse(`The backup's database could not be read (${why}).`);
  }
  if (staged.version < 1) {
    refuse(`The backup's database is not this shop's database (it has no ${MIGRATIONS_TABLE} table).`);
  }
  if (staged.version > ours) {
    refuse(
      `This backup's database has schema ${staged.version}, newer than this shop's ${ours}. Update the shop, then restore it.`,
    );
  }
  const differences = schemaDifferences(staged.objects, expectedSchema(staged.version, liveMigrations));
  if (differences.length > 0) {
    const shown = differences.slice(0, 3).join('; ');
    const more = differences.length > 3 ? ` and ${differences.length - 3} more` : '';
    refuse(
      `The backup's database is not this shop's database as schema ${staged.version} defines it: it has ${shown}${more}. It was altered or made by other software; nothing was changed.`,
    );
  }
}

function liveMigrationsSql(shop: Shop): string | null {
  const sql = shop.database.sqlite
    .prepare('SELECT sql FROM main.sqlite_master WHERE name = ?')
    .pluck()
    .get(MIGRATIONS_TABLE) as string | undefined;
  return sql ?? null;
}

/**
 * The checks a backup's database passes before it is restored, for a database from elsewhere (the continuous
 * replica): its schema against this shop's at the same migration, without running anything in it, then
 * SQLite's integrity and foreign-key checks in a process of its own with a time limit. Refuses with
 * ShopError (bad_request) saying what is wrong.
 */
export async function checkDatabaseToRestore(
  file: string,
  checkMs: number,
): Promise<{ schemaVersion: number }> {
  const ours = schemaVersion();
  // drizzle's bookkeeping table as this version creates it, from a new, empty database.
  const fresh = openDatabase(':memory:');
  const migrationsSql = fresh.sqlite
    .prepare('SELECT sql FROM main.sqlite_master WHERE name = ?')
    .pluck()
    .get(MIGRATIONS_TABLE) as string | undefined;
  fresh.sqlite.close();
  checkStagedSchema(migrationsSql ?? null, file, ours);
  await checkStagedDatabase(checkMs, file);
  return { schemaVersion: readSchema(file).version };
}

/** SQLite's integrity and foreign-key checks of the staged copy, in a process of its own with a time limit. */
async function checkStagedDatabase(limit: number, file: string): Promise<void> {
  const check = await checkDatabaseApart(file, limit);
  if (check.outcome === 'timed-out') {
    refuse(
      `The backup's database took longer than ${Math.round(limit / 1000)} s to check, so it was not restored; nothing was changed. A genuine backup this large can be restored with a longer RESTORE_CHECK_SECONDS.`,
    );
  }
  if (check.outcome === 'failed') refuse(`The backup's database could not be read (${check.reason}).`);
  if (check.integrity.length !== 1 || check.integrity[0] !== 'ok') {
    refuse(`The backup's database is damaged (integrity check: ${check.integrity.slice(0, 3).join('; ')}).`);
  }
  if (check.brokenLinks > 0) {
    refuse(
      `The backup's database is inconsistent: ${check.brokenLinks} rows point at rows that do not exist.`,
    );
  }
}

/** Runs `fn` with the staged database attached to the live connection as `restored`. */
function withAttached<T>(shop: Shop, file: string, fn: () => T): T {
  const { sqlite } = shop.database;
  sqlite.prepare('ATTACH DATABASE ? AS restored').run(file);
  try {
    return fn();
  } finally {
    sqlite.exec('DETACH DATABASE restored');
  }
}

/** Brings an older backup's schema up to this version on the staged copy, never on the live database. */
function migrateStagedDatabase(shop: Shop, file: string): void {
  try {
    const staged = openDatabase(file);
    try {
      seedDatabase(staged, {
        demo: false,
        now: shop.now(),
        timeZone: shop.config.shop.timeZone,
        seasonStartMonth: shop.config.seasonStartMonth,
        taxRateBasisPoints: shop.config.taxRateBasisPoints,
      });
    } finally {
      staged.close();
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    refuse(`The backup's database could not be brought up to this version of the shop (${why}).`);
  }
}

interface TableShape {
  name: string;
  columns: string[];
}

function tableShapes(shop: Shop, schema: 'main' | 'restored'): TableShape[] {
  const { sqlite } = shop.database;
  const names = sqlite
    .prepare(
      `SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN (${LITESTREAM_TABLES.map((t) => `'${t}'`).join(', ')}) ORDER BY name`,
    )
    .pluck()
    .all() as string[];
  return names.map((name) => ({
    name,
    columns: (
      sqlite.prepare(`PRAGMA ${schema}.table_info("${name.replace(/"/g, '""')}")`).all() as { name: string }[]
    ).map((c) => c.name),
  }));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Who may sign in is not shop data a restore rolls back: the live staff accounts (their passwords), the
 * integration clients (their secrets and revocations) and the embedded sign-in's sessions and revocations
 * stay as they are, so a person removed since the backup stays out, a password reset stays reset, a sign-out
 * stays signed out, a client revoked for a leaked secret stays revoked and one made since keeps working. Only
 * a shop without any staff account (a new, empty data folder restored with pnpm restore) takes the backup's
 * accounts and clients, with no session from it.
 */
const SIGN_IN_TABLES = ['staff_accounts', 'integration_clients', 'oidc_payloads'];
const STAFF_TABLE = 'staff_accounts';
/** What a new shop moving in takes from the backup: who may sign in there. */
const ACCOUNT_TABLES = [STAFF_TABLE, 'integration_clients'];
/**
 * What the shop has told its customers is not rolled back either: an e-mail sent is out in the world. The live
 * outbox and pick-up reminder records stay as they are (what was sent stays sent, so a receipt or reminder
 * unsent when the backup was taken does not go out a second time; what is still to send stays to send), and
 * the backup adds only the rows the live shop no longer has (pruned, or a new shop moving in). A reminder of
 * an order the restored shop does not have goes with that order.
 */
const SENT_MAIL_TABLES = ['email_outbox', 'pick_up_reminders'];
/**
 * The same goes for the waitlist's told marks: the entries are the backup's, but one that is still waiting in
 * the backup takes the live shop's told mark (and its e-mail) when the live shop has told that address about
 * that product since the entry joined, so nobody hears twice that the same product is back for the same wait.
 * A mark from before the entry joined belongs to an earlier wait (told, then joined again) and is not carried.
 */
const TOLD_MARK_TABLE = 'waitlist_entries';

/**
 * The swap itself, all synchronous so no request runs in between: the live database's tables are emptied
 * and refilled from the staged copy in one transaction, and the media folder is exchanged by two renames
 * in the same folder before that transaction commits. If anything fails, the renames are undone and the
 * transaction rolls back. The connection stays the same, so every part of the server that holds it
 * (sign-in, services) sees the restored shop on its next query.
 */
function swapIn(shop: Shop, stagedDb: string, stagedMedia: string, replacedMedia: string): void {
  const { sqlite } = shop.database;
  const mediaDir = shop.config.mediaDir;
  withAttached(shop, stagedDb, () => {
    const live = tableShapes(shop, 'main');
    const incoming = new Map(tableShapes(shop, 'restored').map((t) => [t.name, t]));
    for (const table of live) {
      const other = incoming.get(table.name);
      if (!other || other.columns.join(',') !== table.columns.join(',')) {
        refuse(
          `The backup's database does not match this shop's tables (${table.name}). Nothing was changed.`,
        );
      }
    }
    const liveStaff = sqlite.prepare(`SELECT count(*) FROM main.${STAFF_TABLE}`).pluck().get() as number;
    const kept = liveStaff > 0 ? SIGN_IN_TABLES : SIGN_IN_TABLES.filter((t) => !ACCOUNT_TABLES.includes(t));
    const replaced = live.filter((t) => !kept.includes(t.name) && !SENT_MAIL_TABLES.includes(t.name));
    const merged = live.filter((t) => SENT_MAIL_TABLES.includes(t.name));
    const keptList = kept.map((t) => `'${t}'`).join(', ');
    const hasSequence =
      (sqlite
        .prepare("SELECT count(*) FROM restored.sqlite_master WHERE name = 'sqlite_sequence'")
        .pluck()
        .get() as number) > 0 &&
      (sqlite
        .prepare("SELECT count(*) FROM main.sqlite_master WHERE name = 'sqlite_sequence'")
        .pluck()
        .get() as number) > 0;

    // Rows arrive in any order; the staged copy passed foreign_key_check, so the checks can rest meanwhile.
    sqlite.pragma('foreign_keys = OFF');
    let mediaSwapped = false;
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        // Read before the live rows go; the staged copy is thrown away after the swap.
        sqlite.exec(
          `UPDATE restored.${TOLD_MARK_TABLE} AS r SET told_at = l.told_at, email_id = l.email_id FROM main.${TOLD_MARK_TABLE} AS l WHERE r.told_at IS NULL AND l.told_at IS NOT NULL AND l.told_at >= r.created_at AND l.product_id = r.product_id AND l.email_key = r.email_key`,
        );
        for (const table of replaced) sqlite.exec(`DELETE FROM main.${quote(table.name)}`);
        for (const table of replaced) {
          const columns = table.columns.map(quote).join(', ');
          sqlite.exec(
            `INSERT INTO main.${quote(table.name)} (${columns}) SELECT ${columns} FROM restored.${quote(table.name)}`,
          );
        }
        for (const table of merged) {
          const columns = table.columns.map(quote).join(', ');
          sqlite.exec(
            `INSERT OR IGNORE INTO main.${quote(table.name)} (${columns}) SELECT ${columns} FROM restored.${quote(table.name)}`,
          );
          // Rows kept from the live shop that point at what the restored shop does not have (an order placed
          // since the backup): a dangling row would make every later backup fail restore's foreign-key check.
          const dangling = sqlite.prepare(`PRAGMA main.foreign_key_check(${quote(table.name)})`).all() as {
            rowid: number | null;
          }[];
          const remove = sqlite.prepare(`DELETE FROM main.${quote(table.name)} WHERE rowid = ?`);
          for (const { rowid } of dangling) if (rowid !== null) remove.run(rowid);
        }
        if (hasSequence) {
          // A kept table keeps its own counter, so a removed person's id is never handed out again. Every other
          // counter goes on from the larger of the two: an order number on a customer's receipt or a product
          // page shared since the backup was taken is never given to another order or product.
          sqlite.exec(
            `UPDATE main.sqlite_sequence SET seq = max(seq, coalesce((SELECT r.seq FROM restored.sqlite_sequence r WHERE r.name = main.sqlite_sequence.name), 0)) WHERE name NOT IN (${keptList})`,
          );
          sqlite.exec(
            `INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence WHERE name NOT IN (${keptList}) AND name NOT IN (SELECT name FROM main.sqlite_sequence)`,
          );
        }
        const hadMedia = existsSync(mediaDir);
        if (hadMedia) renameSync(mediaDir, replacedMedia);
        try {
          renameSync(stagedMedia, mediaDir);
        } catch (error) {
          if (hadMedia) renameSync(replacedMedia, mediaDir);
          throw error;
        }
        mediaSwapped = true;
        sqlite.exec('COMMIT');
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        if (mediaSwapped) {
          renameSync(mediaDir, stagedMedia);
          if (existsSync(replacedMedia)) renameSync(replacedMedia, mediaDir);
        }
        throw error;
      }
    } finally {
      sqlite.pragma('foreign_keys = ON');
    }
  });
}
