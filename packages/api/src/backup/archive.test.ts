import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ArchiveRefused,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATABASE_ENTRY,
  MANIFEST_NAME,
  readBackupFile,
  sha256,
} from './archive.ts';

const GIB = 1024 * 1024 * 1024;
// What the server passes for the default RESTORE_MAX_BYTES of 1 GB.
const DEFAULT_LIMITS = { maxExpandedBytes: 4 * GIB };

const root = mkdtempSync(path.join(os.tmpdir(), 'nursery-archive-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let serial = 0;

/** The archive written to a file, as an upload or pnpm restore FILE would have it, and a stage to unpack into. */
function onDisk(archive: Uint8Array): { file: string; stage: string } {
  serial += 1;
  const file = path.join(root, `archive-${serial}.zip`);
  writeFileSync(file, archive);
  return { file, stage: path.join(root, `stage-${serial}`) };
}

function manifestOf(files: Record<string, Uint8Array>) {
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: '0.1.0',
    schemaVersion: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    files: Object.entries(files).map(([path, bytes]) => ({
      path,
      size: bytes.byteLength,
      sha256: sha256(bytes),
    })),
  };
}

/** A well-formed backup of the given files; `stored` names the ones zipped without compression. */
function backupOf(files: Record<string, Uint8Array>, stored: string[] = []): Uint8Array {
  const entries: Zippable = { [MANIFEST_NAME]: strToU8(JSON.stringify(manifestOf(files))) };
  for (const [name, bytes] of Object.entries(files)) {
    entries[name] = [bytes, { level: stored.includes(name) ? 0 : 6 }];
  }
  return zipSync(entries);
}

/** Rewrites the uncompressed size an entry's local and central headers declare, as a forged archive would. */
function declareSize(archive: Uint8Array, name: string, size: number): Uint8Array {
  const out = new Uint8Array(archive);
  const view = new DataView(out.buffer);
  const wanted = strToU8(name);
  const nameAt = (at: number) => wanted.every((byte, i) => out[at + i] === byte);
  let patched = 0;
  for (let at = 0; at + 46 < out.byteLength; at++) {
    const signature = view.getUint32(at, true);
    // Local header: name at 30, size at 22. Central directory header: name at 46, size at 24.
    if (signature === 0x04034b50 && view.getUint16(at + 26, true) === wanted.length && nameAt(at + 30)) {
      view.setUint32(at + 22, size, true);
      patched++;
    } else if (
      signature === 0x02014b50 &&
      view.getUint16(at + 28, true) === wanted.length &&
      nameAt(at + 46)
    ) {
      view.setUint32(at + 24, size, true);
      patched++;
    }
  }
  expect(patched).toBe(2);
  return out;
}

async function refusal(archive: Uint8Array, limits = DEFAULT_LIMITS): Promise<string> {
  const { file, stage } = onDisk(archive);
  try {
    await readBackupFile(file, stage, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ArchiveRefused);
    return (error as Error).message;
  }
  throw new Error('the archive was accepted');
}

const database = strToU8('SQLite format 3\0'.padEnd(3000, 'plants and seeds '));

describe('readBackupFile sizes', () => {
  it('unpacks a real backup into the stage', async () => {
    const { file, stage } = onDisk(
      backupOf({ [DATABASE_ENTRY]: database, 'media/a/b.pdf': strToU8('%PDF') }),
    );
    const manifest = await readBackupFile(file, stage, DEFAULT_LIMITS);
    expect(manifest.files.map((f) => f.path)).toEqual([DATABASE_ENTRY, 'media/a/b.pdf']);
    expect(new Uint8Array(readFileSync(path.join(stage, DATABASE_ENTRY)))).toEqual(database);
    expect(readFileSync(path.join(stage, 'media', 'a', 'b.pdf'), 'utf8')).toBe('%PDF');
  });

  it('refuses a small archive whose header declares a huge size, before allocating it', async () => {
    const forged = declareSize(backupOf({ [DATABASE_ENTRY]: database }), DATABASE_ENTRY, 3 * GIB);
    const before = process.memoryUsage().arrayBuffers;
    expect(await refusal(forged)).toMatch(
      /^The backup archive says it unpacks to 3 GB from \d+ bytes, far more than a backup made by this shop: it is damaged or was altered\. Nothing was changed\.$/,
    );
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an entry that unpacks to less than it declares', async () => {
    // Within every limit, so only counting what really unpacks can tell.
    const forged = declareSize(backupOf({ [DATABASE_ENTRY]: database }), DATABASE_ENTRY, 5000);
    expect(await refusal(forged)).toBe(
      'The backup archive is damaged: the size recorded for shop.db does not match its contents. Nothing was changed.',
    );
    const storedForged = declareSize(
      backupOf({ [DATABASE_ENTRY]: database }, [DATABASE_ENTRY]),
      DATABASE_ENTRY,
      database.byteLength + 10,
    );
    expect(await refusal(storedForged)).toBe(
      'The backup archive is damaged: the size recorded for shop.db does not match its contents. Nothing was changed.',
    );
  });

  it('refuses an entry that unpacks to more than it declares, even when the manifest vouches for the cut', async () => {
    // The forger declares 2,000 bytes and lists the first 2,000 with their checksum: a reader that stops at
    // the declared size would accept the first part and never notice the rest.
    const cut = database.subarray(0, 2000);
    const entries: Zippable = {
      [MANIFEST_NAME]: strToU8(JSON.stringify(manifestOf({ [DATABASE_ENTRY]: cut }))),
      [DATABASE_ENTRY]: [database, { level: 6 }],
    };
    const forged = declareSize(zipSync(entries), DATABASE_ENTRY, cut.byteLength);
    expect(deflateRawSync(database).byteLength).toBeLessThan(cut.byteLength);
    expect(await refusal(forged)).toBe(
      'The backup archive is damaged: the size recorded for shop.db does not match its contents. Nothing was changed.',
    );
  });

  it('refuses a zip bomb: honest headers, but far more than a backup unpacks to', async () => {
    const bomb = backupOf({
      [DATABASE_ENTRY]: database,
      'media/zeros.bin': new Uint8Array(24 * 1024 * 1024),
    });
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    expect(await refusal(bomb)).toMatch(
      /^The backup archive says it unpacks to 24 MB from \d+ KB, far more than a backup made by this shop/,
    );
  });

  it('names RESTORE_MAX_BYTES when a real backup unpacks to more than the configured limit', async () => {
    expect(await refusal(backupOf({ [DATABASE_ENTRY]: database }), { maxExpandedBytes: 2048 })).toMatch(
      /^The backup unpacks to 3 KB, more than the 2 KB this shop restores \(4 × RESTORE_MAX_BYTES\)\. Nothing was changed\.$/,
    );
  });
});
