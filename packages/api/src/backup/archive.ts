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

/**
 * Reads and checks an uploaded archive whole, before anything is written: a zip, with a valid manifest,
 * only safe names, every listed file present with its size and checksum, nothing unlisted.
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
  let expanded = 0;
  let badName: string | null = null;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(archive, {
      filter(file) {
        if (file.name.endsWith('/')) return false;
        if (!isSafeEntryName(file.name)) {
          badName ??= file.name;
          return false;
        }
        expanded += file.originalSize;
        if (expanded > limits.maxExpandedBytes) throw new ArchiveRefused('too large when unpacked');
        return true;
      },
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ArchiveRefused(
      `The backup archive is damaged or incomplete and could not be read (${why}). Nothing was changed.`,
    );
  }
  if (badName) {
    throw new ArchiveRefused(`The backup archive holds a file with a name a backup never has: "${badName}".`);
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
