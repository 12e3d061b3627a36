import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, schemaVersion, seedDatabase } from '@nursery/db';
import { zonedParts } from '@nursery/domain';
import { ShopError } from '../errors.ts';
import type { FileAnswer } from '../input.ts';
import type { Shop } from '../shop.ts';
import {
  APP_VERSION,
  ArchiveRefused,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATABASE_ENTRY,
  MEDIA_PREFIX,
  readBackup,
  sha256,
  sizeText,
  zipBackup,
} from './archive.ts';

export const BACKUPS_FOLDER = 'backups';
const ZIP_CONTENT_TYPE = 'application/zip';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Tables a database must have to be this shop's; a stray SQLite file is refused. */
const REQUIRED_TABLES = ['products', 'orders', 'order_lines', 'settings', MIGRATIONS_TABLE];

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

export interface CreatedBackup {
  fileName: string;
  bytes: Uint8Array;
  manifest: BackupManifest;
  /** What the backup could not hold, in words for the owner; empty when it holds everything. */
  warnings: string[];
}

/**
 * A missing media folder is not an error (a shop without photos or flyer never made one), but a backup
 * without it after photos were uploaded would be a nasty surprise at restore time: say so everywhere.
 */
function mediaWarnings(shop: Shop): string[] {
  if (existsSync(shop.config.mediaDir)) return [];
  return [
    `The media folder (${shop.config.mediaDir}) was missing, so this backup holds no photos or flyer. If the shop had any, find the folder (is the disk mounted, is MEDIA_DIR right?) and take the backup again.`,
  ];
}

/**
 * One archive holding the whole shop: a consistent snapshot of the database made with SQLite's online
 * backup (orders keep coming in while it runs), every file in the media folder, and a manifest with the
 * app and schema versions and each file's size and SHA-256.
 */
export async function createBackup(shop: Shop): Promise<CreatedBackup> {
  const workDir = backupsDir(shop);
  await mkdir(workDir, { recursive: true });
  const temp = await mkdtemp(path.join(workDir, '.snapshot-'));
  try {
    const snapshot = path.join(temp, DATABASE_ENTRY);
    await shop.database.sqlite.backup(snapshot);
    const warnings = mediaWarnings(shop);
    const files = new Map<string, Uint8Array>();
    files.set(DATABASE_ENTRY, await readFile(snapshot));
    for (const relative of await listMedia(shop.config.mediaDir)) {
      files.set(`${MEDIA_PREFIX}${relative}`, await readFile(path.join(shop.config.mediaDir, relative)));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      schemaVersion: schemaVersion(),
      createdAt: shop.now().toISOString(),
      shopName: shop.config.shop.name,
      ...(warnings.length > 0 ? { warnings } : {}),
      files: [...files].map(([name, bytes]) => ({
        path: name,
        size: bytes.byteLength,
        sha256: sha256(bytes),
      })),
    };
    const bytes = await zipBackup(files, manifest);
    shop.log.info({ files: files.size, bytes: bytes.byteLength }, 'backup made');
    for (const warning of warnings) shop.log.warn({ mediaDir: shop.config.mediaDir }, warning);
    return { fileName: `backup-${stamp(shop)}.zip`, bytes, manifest, warnings };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

export async function backupDownload(shop: Shop): Promise<FileAnswer> {
  const backup = await createBackup(shop);
  return {
    contentType: ZIP_CONTENT_TYPE,
    fileName: backup.fileName,
    body: backup.bytes,
    ...(backup.warnings.length > 0 ? { warning: backup.warnings.join(' ') } : {}),
  };
}

/** Writes a backup into the data folder's backups/ (or the given file) and answers its path and warnings. */
export async function writeBackupFile(
  shop: Shop,
  file?: string,
  prefix = 'backup',
): Promise<{ file: string; warnings: string[] }> {
  const backup = await createBackup(shop);
  const target = file ?? path.join(backupsDir(shop), `${prefix}-${stamp(shop)}.zip`);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.tmp`;
  await writeFile(temp, backup.bytes);
  renameSync(temp, target);
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
 * Replaces the shop's database and media with a backup's. The archive is checked whole before anything is
 * touched (zip, manifest, checksums, integrity check, schema version; older schemas are migrated forward
 * on a copy). Then the current state is saved to backups/, and the database contents and media folder are
 * swapped in one synchronous step inside one SQLite transaction, so no request sees half of each, and a
 * failure at any point leaves the shop exactly as it was.
 */
export async function restoreBackup(shop: Shop, archive: Uint8Array): Promise<RestoreResult> {
  const { config } = shop;
  if (archive.byteLength > config.restoreMaxBytes) {
    throw new ShopError({
      kind: 'too_large',
      message: `The backup is larger than the ${sizeText(config.restoreMaxBytes)} this shop accepts (RESTORE_MAX_BYTES). Nothing was changed.`,
    });
  }
  if (restoring.has(shop)) {
    throw new ShopError({
      kind: 'conflict',
      message: 'A restore is already running. Wait for it to finish.',
    });
  }
  restoring.add(shop);
  const stage = path.join(config.dataDir, `.restore-${randomUUID()}`);
  try {
    let parsed: ReturnType<typeof readBackup>;
    try {
      parsed = readBackup(archive, { maxExpandedBytes: config.restoreMaxBytes * 4 });
    } catch (error) {
      if (error instanceof ArchiveRefused) refuse(error.message);
      throw error;
    }
    const { manifest, files } = parsed;
    const ours = schemaVersion();
    if (manifest.schemaVersion > ours) {
      refuse(
        `This backup was made by a newer version of the shop (${manifest.appVersion}, database schema ${manifest.schemaVersion}; this shop has schema ${ours}). Update the shop, then restore it.`,
      );
    }

    mkdirSync(stage, { recursive: true });
    const stagedDb = path.join(stage, DATABASE_ENTRY);
    writeFileSync(stagedDb, files.get(DATABASE_ENTRY) as Uint8Array);
    checkStagedDatabase(shop, stagedDb, ours);
    migrateStagedDatabase(shop, stagedDb);

    const stagedMedia = path.join(stage, 'media');
    mkdirSync(stagedMedia, { recursive: true });
    for (const [name, bytes] of files) {
      if (!name.startsWith(MEDIA_PREFIX)) continue;
      const target = path.join(stagedMedia, ...name.slice(MEDIA_PREFIX.length).split('/'));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    }

    const { file: safetyBackup } = await writeBackupFile(shop, undefined, 'before-restore');
    swapIn(shop, stagedDb, stagedMedia, path.join(stage, 'media-replaced'));
    shop.catalogCache.invalidate();
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

function checkStagedDatabase(shop: Shop, file: string, ours: number): void {
  const { sqlite } = shop.database;
  try {
    withAttached(shop, file, () => {
      const check = sqlite.prepare('PRAGMA restored.integrity_check').pluck().all() as string[];
      if (check.length !== 1 || check[0] !== 'ok') {
        refuse(`The backup's database is damaged (integrity check: ${check.slice(0, 3).join('; ')}).`);
      }
      const tables = new Set(
        sqlite
          .prepare("SELECT name FROM restored.sqlite_master WHERE type = 'table'")
          .pluck()
          .all() as string[],
      );
      const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
      if (missing.length > 0) {
        refuse(`The backup's database is not this shop's database (it has no ${missing.join(', ')} table).`);
      }
      const theirs = sqlite
        .prepare(`SELECT count(*) FROM restored.${MIGRATIONS_TABLE}`)
        .pluck()
        .get() as number;
      if (theirs > ours) {
        refuse(
          `This backup's database has schema ${theirs}, newer than this shop's ${ours}. Update the shop, then restore it.`,
        );
      }
      const broken = sqlite.prepare('PRAGMA restored.foreign_key_check').all();
      if (broken.length > 0) {
        refuse(
          `The backup's database is inconsistent: ${broken.length} rows point at rows that do not exist.`,
        );
      }
    });
  } catch (error) {
    if (error instanceof ShopError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    refuse(`The backup's database could not be read (${why}).`);
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
      `SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
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
 * Who may sign in is not shop data a restore rolls back: the live staff accounts (their passwords) and the
 * embedded sign-in's sessions and revocations stay as they are, so a person removed since the backup stays
 * out, a password reset stays reset and a sign-out stays signed out. Only a shop without any account (a new,
 * empty data folder restored with pnpm restore) takes the backup's accounts, with no session from it.
 */
const SIGN_IN_TABLES = ['staff_accounts', 'oidc_payloads'];
const STAFF_TABLE = 'staff_accounts';

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
    const kept = liveStaff > 0 ? SIGN_IN_TABLES : SIGN_IN_TABLES.filter((t) => t !== STAFF_TABLE);
    const replaced = live.filter((t) => !kept.includes(t.name));
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
        for (const table of replaced) sqlite.exec(`DELETE FROM main.${quote(table.name)}`);
        for (const table of replaced) {
          const columns = table.columns.map(quote).join(', ');
          sqlite.exec(
            `INSERT INTO main.${quote(table.name)} (${columns}) SELECT ${columns} FROM restored.${quote(table.name)}`,
          );
        }
        if (hasSequence) {
          // A kept table keeps its own counter, so a removed person's id is never handed out again.
          sqlite.exec(`DELETE FROM main.sqlite_sequence WHERE name NOT IN (${keptList})`);
          sqlite.exec(
            `INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence WHERE name NOT IN (${keptList})`,
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
