import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { z } from 'zod';

export const BACKUP_FORMAT = 'nursery-shop-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_ENTRY = 'shop.db';
export const MEDIA_PREFIX = 'media/';

/**
 * The app's version as its package says; written into backups so a restore can tell what made them. From the
 * source that is packages/api's package.json; in the release the bundled tools sit beside the release's own.
 */
export const APP_VERSION: string = (() => {
  for (const [relative, name] of [
    ['../../package.json', '@nursery/api'],
    ['./package.json', 'nursery-shop-release'],
  ] as const) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === name && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Not this layout; try the next.
    }
  }
  return 'unknown';
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

/** The longest warning a manifest holds. */
export const MANIFEST_WARNING_CHARS = 1000;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string().max(100),
  schemaVersion: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  shopName: z.string().max(500).optional(),
  /** What the backup could not include, said in words (e.g. the media folder was missing). */
  warnings: z.array(z.string().max(MANIFEST_WARNING_CHARS)).max(20).optional(),
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

/** A file's size and SHA-256, read as a stream: a database of any size is never held in memory. */
export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Files that are already compressed gain nothing from deflate; storing them keeps a backup fast. */
const STORED = /\.(jpe?g|png|webp|gif|avif|pdf|zip|gz|mp4|webm)$/i;

/** One file going into a backup: its name in the archive and where it is on disk. */
export interface BackupEntry {
  name: string;
  file: string;
}

/**
 * The archive as a stream: the manifest first, then each file read from disk as the zip is written out, so
 * memory stays flat whatever the shop's size. zlib deflates on libuv's thread pool, off the event loop.
 */
export function zipBackupStream(entries: readonly BackupEntry[], manifest: BackupManifest): Readable {
  const mtime = new Date(manifest.createdAt);
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_NAME, { mtime });
  for (const entry of entries) {
    // Level 1 deflates a database about as well as 6 at a fraction of the time (docs/performance.md).
    zip.addFile(entry.file, entry.name, { mtime, compressionLevel: STORED.test(entry.name) ? 0 : 1 });
  }
  zip.end();
  return zip.outputStream as Readable;
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
 * header lying about its size claims far more.
 */
const BACKUP_MAX_EXPANSION = 32;
const SMALL_BACKUP_UNPACKED_BYTES = 16 * 1024 * 1024;
/** A manifest lists a few thousand files at most; anything bigger is not one. */
const MANIFEST_MAX_BYTES = 4 * 1024 * 1024;

function lyingSize(name: string): ArchiveRefused {
  return new ArchiveRefused(
    `The backup archive is damaged: the size recorded for ${name} does not match its contents. Nothing was changed.`,
  );
}

/** The zip library's own words (an end-of-central-directory signature, an offset) tell a person nothing more. */
export const BACKUP_ARCHIVE_DAMAGED =
  'The backup archive is damaged or incomplete and could not be read. Nothing was changed.';

function damaged(): ArchiveRefused {
  return new ArchiveRefused(BACKUP_ARCHIVE_DAMAGED);
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded and checked here (a name a backup never has is said as such, not as damage), and
    // sizes are counted here too, so a lying entry is refused by name.
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no archive')) : resolve(zip)),
    );
  });
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    );
  });
}

/**
 * Streams one entry to `target` (or into memory when no target), hashing and counting as it goes. More
 * bytes than the entry declares stops it at once: a header that understates is refused, never cut short.
 */
async function unpackEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  name: string,
  target: string | null,
): Promise<{ size: number; sha256: string; bytes: Buffer | null }> {
  const declared = entry.uncompressedSize;
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let size = 0;
  let tooMany = false;
  const stream = await openEntry(zip, entry);
  async function* counted(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > declared) {
        tooMany = true;
        throw lyingSize(name);
      }
      hash.update(chunk);
      if (!target) kept.push(chunk);
      yield chunk;
    }
  }
  try {
    if (target) {
      mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(stream, counted, createWriteStream(target));
    } else {
      for await (const _ of counted(stream)) {
        // Kept in `kept` by counted().
      }
    }
  } catch (error) {
    stream.destroy();
    if (tooMany || error instanceof ArchiveRefused) throw error;
    throw damaged();
  }
  if (size !== declared) throw lyingSize(name);
  return { size, sha256: hash.digest('hex'), bytes: target ? null : Buffer.concat(kept) };
}

/**
 * Reads and checks an uploaded archive whole, before anything of the shop is touched, unpacking it into
 * `stageDir` (shop.db and media/...): a zip, with a valid manifest, only safe names, every listed file
 * present with its size and checksum, nothing unlisted. `maxExpandedBytes` is the configured ceiling; the
 * sizes the entries declare are added up and checked against it and against what an archive of this size
 * can hold before any entry is unpacked, and every entry is counted as it unpacks.
 */
export async function readBackupFile(
  archive: string,
  stageDir: string,
  limits: { maxExpandedBytes: number },
): Promise<BackupManifest> {
  const head = Buffer.alloc(4);
  const archiveSize = await readHead(archive, head);
  if (archiveSize < 22 || head[0] !== 0x50 || head[1] !== 0x4b) {
    throw new ArchiveRefused(
      'This file is not a backup archive. Choose a .zip file made by Download Backup (or pnpm backup).',
    );
  }
  let zip: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zip = await openZip(archive);
  } catch {
    throw damaged();
  }
  try {
    try {
      entries = await listEntries(zip);
    } catch {
      throw damaged();
    }
    // First the central directory alone: names, methods and declared sizes, before anything is unpacked.
    const byName = new Map<string, yauzl.Entry>();
    let expanded = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.fileName as unknown as Uint8Array).toString('utf8');
      if (name.endsWith('/')) continue;
      if (!isSafeEntryName(name)) {
        throw new ArchiveRefused(
          `The backup archive holds a file with a name a backup never has: "${name}".`,
        );
      }
      if (
        (entry.generalPurposeBitFlag & 0x1) !== 0 ||
        (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      ) {
        throw new ArchiveRefused(
          `The backup archive is damaged: "${name}" is packed in a way a backup never is. Nothing was changed.`,
        );
      }
      // A stored entry is copied as its compressed size says; both sizes must agree.
      if (entry.compressionMethod === 0 && entry.compressedSize !== entry.uncompressedSize)
        throw lyingSize(name);
      if (byName.has(name))
        throw new ArchiveRefused(`The backup archive holds ${name} twice; it was altered.`);
      byName.set(name, entry);
      expanded += entry.uncompressedSize;
    }
    if (expanded > limits.maxExpandedBytes) {
      throw new ArchiveRefused(
        `The backup unpacks to ${sizeText(expanded)}, more than the ${sizeText(limits.maxExpandedBytes)} this shop restores (4 × RESTORE_MAX_BYTES). Nothing was changed.`,
      );
    }
    if (expanded > Math.max(SMALL_BACKUP_UNPACKED_BYTES, archiveSize * BACKUP_MAX_EXPANSION)) {
      throw new ArchiveRefused(
        `The backup archive says it unpacks to ${sizeText(expanded)} from ${sizeText(archiveSize)}, far more than a backup made by this shop: it is damaged or was altered. Nothing was changed.`,
      );
    }

    const manifestEntry = byName.get(MANIFEST_NAME);
    if (!manifestEntry) {
      throw new ArchiveRefused('The archive has no manifest.json, so it is not a backup of this shop.');
    }
    if (manifestEntry.uncompressedSize > MANIFEST_MAX_BYTES) {
      throw new ArchiveRefused("The backup's manifest.json is not valid (it is far too large).");
    }
    const manifestBytes = (await unpackEntry(zip, manifestEntry, MANIFEST_NAME, null)).bytes as Buffer;
    let manifest: BackupManifest;
    try {
      const parsed = manifestSchema.safeParse(JSON.parse(manifestBytes.toString('utf8')));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid');
      manifest = parsed.data;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ArchiveRefused(`The backup's manifest.json is not valid (${why}).`);
    }

    const listed = new Set<string>();
    for (const file of manifest.files) {
      if (!isSafeEntryName(file.path) || file.path === MANIFEST_NAME) {
        throw new ArchiveRefused(
          `The backup's manifest lists a file with a name a backup never has: "${file.path}".`,
        );
      }
      if (!byName.has(file.path))
        throw new ArchiveRefused(`The backup is incomplete: ${file.path} is missing.`);
      listed.add(file.path);
    }
    for (const name of byName.keys()) {
      if (name !== MANIFEST_NAME && !listed.has(name)) {
        throw new ArchiveRefused(
          `The backup holds ${name}, which its manifest does not list; it may have been altered.`,
        );
      }
    }
    if (!listed.has(DATABASE_ENTRY)) throw new ArchiveRefused('The backup has no database (shop.db).');

    for (const file of manifest.files) {
      const entry = byName.get(file.path) as yauzl.Entry;
      const target = path.join(stageDir, ...file.path.split('/'));
      const unpacked = await unpackEntry(zip, entry, file.path, target);
      if (unpacked.size !== file.size || unpacked.sha256 !== file.sha256) {
        throw new ArchiveRefused(
          `The backup is damaged: ${file.path} does not match its checksum in the manifest. Nothing was changed.`,
        );
      }
    }
    return manifest;
  } finally {
    zip.close();
  }
}

async function readHead(file: string, into: Buffer): Promise<number> {
  const { open } = await import('node:fs/promises');
  const handle = await open(file, 'r');
  try {
    await handle.read(into, 0, into.byteLength, 0);
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
