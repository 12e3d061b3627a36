import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import {
  BETTER_SQLITE3_MODULE,
  expectedSchema,
  MIGRATIONS_TABLE,
  openDatabase,
  readSchema,
  schemaDifferences,
  schemaVersion,
} from '@nursery/db';
import { zonedParts } from '@nursery/domain';
import { ShopError } from '../errors.ts';
import { WORKBOOK_TEMP_PREFIX } from '../exports/workbook.ts';
import type { FileAnswer } from '../input.ts';
import type { Shop } from '../shop.ts';
import { asStaffJob, staffJobTurn } from '../staffJobs.ts';
import { seasonChanged } from '../stock/levels.ts';
import { workerScript } from '../workerScripts.ts';
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
import { RestoreThread } from './restoreThread.ts';

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

/** What a backup's snapshot thread is started with (snapshotWorker.ts), and what it answers. */
export interface SnapshotStart {
  sqliteModule: string;
  source: string;
  target: string;
}
export type SnapshotReply = { done: true } | { error: string };

/**
 * The database as it is now, copied into `target` on a thread of its own: on the server's thread the copy's
 * last step, which syncs the whole file to disk, held every visitor 100-170 ms on ten seasons (busy machine).
 */
function takeSnapshot(shop: Shop, target: string): Promise<void> {
  const start: SnapshotStart = {
    sqliteModule: BETTER_SQLITE3_MODULE,
    source: shop.database.file,
    target,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript('backupSnapshot'), { workerData: start });
    worker.once('message', (reply: SnapshotReply) =>
      'error' in reply ? reject(new Error(`The database could not be copied (${reply.error}).`)) : resolve(),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the backup's snapshot thread stopped (${code})`)));
  });
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
    await takeSnapshot(shop, snapshot);
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

export async function backupDownload(shop: Shop, signal?: AbortSignal): Promise<FileAnswer> {
  // A big staff job until its archive has been sent (or abandoned), not only until it starts.
  const endTurn = await staffJobTurn(shop, signal);
  let backup: CreatedBackup;
  try {
    backup = await createBackup(shop);
  } catch (error) {
    endTurn();
    throw error;
  }
  finished(backup.stream).then(endTurn, endTurn);
  return {
    contentType: ZIP_CONTENT_TYPE,
    fileName: backup.fileName,
    body: backup.stream,
    ...(backup.warnings.length > 0 ? { warning: backup.warnings.join(' ') } : {}),
  };
}

/** Writes a backup into the data folder's backups/ (or the given file) and answers its path and warnings. */
export function writeBackupFile(
  shop: Shop,
  file?: string,
  prefix = 'backup',
): Promise<{ file: string; warnings: string[] }> {
  return asStaffJob(shop, () => writeBackupFileNow(shop, file, prefix));
}

/** writeBackupFile within a job that already has its turn (a restore saving what it replaces). */
async function writeBackupFileNow(
  shop: Shop,
  file: string | undefined,
  prefix: string,
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
export async function restoreBackupFile(
  shop: Shop,
  archive: string,
  size: number,
  signal?: AbortSignal,
): Promise<RestoreResult> {
  checkArchiveSize(shop, size);
  return asStaffJob(shop, () => restoreStaged(shop, archive), signal);
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
 * copy. Then, while changes are held, the current state is saved to backups/, and the database contents are
 * copied in by one SQLite transaction on the restore's thread, the media folder swapped just before it commits
 * (restoreSwap.ts): readers see the shop as it was until the commit, and a failure at any point leaves the shop
 * exactly as it was. The staging folder always goes.
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

    const stagedMedia = path.join(unpacked, 'media');
    mkdirSync(stagedMedia, { recursive: true });

    // Migrating the staged copy and copying it in are SQLite's work for the whole shop: on a thread of its
    // own, so visitors are answered meanwhile (the swap held the server's thread 0.6-0.8 s on ten seasons).
    const thread = await RestoreThread.start({
      liveFile: shop.database.file,
      paths: {
        stagedDb,
        stagedMedia,
        mediaDir: config.mediaDir,
        replacedMedia: path.join(stage, 'media-replaced'),
      },
      seed: {
        demo: false,
        now: shop.now(),
        timeZone: config.shop.timeZone,
        seasonStartMonth: config.seasonStartMonth,
        taxRateBasisPoints: config.taxRateBasisPoints,
      },
    });
    let safetyBackup: string;
    try {
      safetyBackup = await withChangesHeld(shop, async () => {
        const { file } = await writeBackupFileNow(shop, undefined, 'before-restore');
        await thread.swap();
        return file;
      });
    } finally {
      await thread.stop();
    }
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
