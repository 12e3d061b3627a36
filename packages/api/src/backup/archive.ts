import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AsyncZippable, unzipSync, zip } from 'fflate';
import { z } from 'zod';

export const BACKUP_FORMAT = 'nursery-shop-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_ENTRY = 'shop.db';
export const MEDIA_PREFIX = 'media/';

/** The app's version as its package says; written into backups so a restore can tell what made them. */
export const APP_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
})();

// Forward slashes, no empty, "." or ".." segments, nothing absolute: a name that cannot leave its folder.
const SAFE_SEGMENT = /^(?!\.{1,2}$)[^/\\\0:]+$/;
export function isSafeEntryName(name: string): boolean {
  if (name === DATABASE_ENTRY || name === MANIFEST_NAME) return true;
  if (!name.startsWith(MEDIA_PREFIX) || name.length > 500) return false;
  return name
    .slice(MEDIA_PREFIX.length)
    .split('/')
    .every((segment) => SAFE_SEGMENT.test(segment));
}

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string().max(100),
  schemaVersion: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  shopName: z.string().max(500).optional(),
  /** What the backup could not include, said in words (e.g. the media folder was missing). */
  warnings: z.array(z.string().max(1000)).max(20).optional(),
  files: z
    .array(
      z.object({
        path: z.string().min(1).max(500),
        size: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .min(1),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Files that are already compressed gain nothing from deflate; storing them keeps a backup fast. */
const STORED = /\.(jpe?g|png|webp|gif|avif|pdf|zip|gz|mp4|webm)$/i;

/** Zips the files with the manifest (worker threads do the compressing, so requests keep flowing). */
export function zipBackup(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BackupManifest,
): Promise<Uint8Array> {
  const mtime = new Date(manifest.createdAt);
  const entries: AsyncZippable = {
    [MANIFEST_NAME]: [
      new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
      { level: 6, mtime },
    ],
  };
  for (const [name, bytes] of files) entries[name] = [bytes, { level: STORED.test(name) ? 0 : 6, mtime }];
  return new Promise((resolve, reject) => {
    zip(entries, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data)));
  });
}

export class ArchiveRefused extends Error {}

export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * How far a real backup unpacks beyond its archive: photos and PDFs are stored as they are and a SQLite
 * database deflates about 3-8 times (a nearly empty one up to about 40, hence the floor). A zip bomb or a
 * header lying about its size claims far more, and the reader would allocate whatever each entry declares.
 */
const BACKUP_MAX_EXPANSION = 32;
const SMALL_BACKUP_UNPACKED_BYTES = 16 * 1024 * 1024;

function lyingSize(name: string): ArchiveRefused {
  return new ArchiveRefused(
    `The backup archive is damaged: the size recorded for ${name} does not match its contents. Nothing was changed.`,
  );
}

/**
 * Reads and checks an uploaded archive whole, before anything is written: a zip, with a valid manifest,
 * only safe names, every listed file present with its size and checksum, nothing unlisted.
 * `maxExpandedBytes` is the configured ceiling; the sizes the entries declare are added up and checked
 * against it and against what an archive of this size can hold before any entry is unpacked.
 */
export function readBackup(
  archive: Uint8Array,
  limits: { maxExpandedBytes: number },
): { manifest: BackupManifest; files: Map<string, Uint8Array> } {
  const isZip = archive.byteLength >= 22 && archive[0] === 0x50 && archive[1] === 0x4b;
  if (!isZip) {
    throw new ArchiveRefused(
      'This file is not a backup archive. Choose a .zip file made by Download Backup (or pnpm backup).',
    );
  }
  const damaged = (error: unknown) =>
    new ArchiveRefused(
      `The backup archive is damaged or incomplete and could not be read (${error instanceof Error ? error.message : String(error)}). Nothing was changed.`,
    );
  // First pass reads only the central directory (the filter keeps nothing, so nothing is unpacked).
  const declared = new Map<string, number>();
  let expanded = 0;
  let badName: string | null = null;
  try {
    unzipSync(archive, {
      filter(file) {
        if (file.name.endsWith('/')) return false;
        if (!isSafeEntryName(file.name)) {
          badName ??= file.name;
          return false;
        }
        if (file.compression !== 0 && file.compression !== 8) {
          throw new Error(`${file.name} uses a compression a backup never has`);
        }
        // A stored entry is copied as its compressed size says; both sizes must agree.
        if (file.compression === 0 && file.size !== file.originalSize) throw lyingSize(file.name);
        expanded += file.originalSize;
        declared.set(file.name, file.originalSize);
        return false;
      },
    });
  } catch (error) {
    throw error instanceof ArchiveRefused ? error : damaged(error);
  }
  if (badName) {
    throw new ArchiveRefused(`The backup archive holds a file with a name a backup never has: "${badName}".`);
  }
  if (expanded > limits.maxExpandedBytes) {
    throw new ArchiveRefused(
      `The backup unpacks to ${sizeText(expanded)}, more than the ${sizeText(limits.maxExpandedBytes)} this shop restores (4 × RESTORE_MAX_BYTES). Nothing was changed.`,
    );
  }
  if (expanded > Math.max(SMALL_BACKUP_UNPACKED_BYTES, archive.byteLength * BACKUP_MAX_EXPANSION)) {
    throw new ArchiveRefused(
      `The backup archive says it unpacks to ${sizeText(expanded)} from ${sizeText(archive.byteLength)}, far more than a backup made by this shop: it is damaged or was altered. Nothing was changed.`,
    );
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(archive, { filter: (file) => declared.has(file.name) });
  } catch (error) {
    throw damaged(error);
  }
  // fflate fills a buffer of the declared size and cuts it at what inflated: a header that overstates shows here.
  for (const [name, bytes] of Object.entries(entries)) {
    if (bytes.byteLength !== declared.get(name)) throw lyingSize(name);
  }
  const manifestBytes = entries[MANIFEST_NAME];
  if (!manifestBytes) {
    throw new ArchiveRefused('The archive has no manifest.json, so it is not a backup of this shop.');
  }
  let manifest: BackupManifest;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(new TextDecoder().decode(manifestBytes)));
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid');
    manifest = parsed.data;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ArchiveRefused(`The backup's manifest.json is not valid (${why}).`);
  }
  const files = new Map<string, Uint8Array>();
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    if (!isSafeEntryName(entry.path) || entry.path === MANIFEST_NAME) {
      throw new ArchiveRefused(
        `The backup's manifest lists a file with a name a backup never has: "${entry.path}".`,
      );
    }
    const bytes = entries[entry.path];
    if (!bytes) throw new ArchiveRefused(`The backup is incomplete: ${entry.path} is missing.`);
    if (bytes.byteLength !== entry.size || sha256(bytes) !== entry.sha256) {
      throw new ArchiveRefused(
        `The backup is damaged: ${entry.path} does not match its checksum in the manifest. Nothing was changed.`,
      );
    }
    listed.add(entry.path);
    files.set(entry.path, bytes);
  }
  for (const name of Object.keys(entries)) {
    if (name !== MANIFEST_NAME && !listed.has(name)) {
      throw new ArchiveRefused(
        `The backup holds ${name}, which its manifest does not list; it may have been altered.`,
      );
    }
  }
  if (!files.has(DATABASE_ENTRY)) throw new ArchiveRefused('The backup has no database (shop.db).');
  return { manifest, files };
}
