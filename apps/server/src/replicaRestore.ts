import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  checkDatabaseToRestore,
  fileDigest,
  litestreamConfig,
  type ReplicaTarget,
  replicaEnvironment,
  replicaMediaStore,
  ShopError,
} from '@nursery/api';
import { DATABASE_FILE_NAME, lockDataFolder, openDatabase } from '@nursery/db';

const run = promisify(execFile);
const STAGE_PREFIX = '.replica-restore-';

export interface ReplicaRestoreResult {
  /** The latest moment the restored database holds: when its last change reached the replica. */
  heldAt: Date | null;
  schemaVersion: number;
  mediaFiles: number;
}

function refuse(message: string): never {
  throw new ShopError({ kind: 'bad_request', message });
}

/**
 * When each copied piece of the database (WAL segments, snapshots) reached the replicas, as `litestream wal`
 * and `litestream snapshots` list them: the restored moment is the latest of these at or before `at`.
 */
async function copiedMoments(binary: string, configFile: string, dbPath: string, env: NodeJS.ProcessEnv) {
  const moments: Date[] = [];
  for (const command of ['wal', 'snapshots']) {
    const { stdout } = await run(binary, [command, '-config', configFile, dbPath], {
      env,
      maxBuffer: 64 << 20,
    });
    for (const line of stdout.split('\n').slice(1)) {
      const created = line.trim().split(/\s+/).at(-1);
      const when = created ? new Date(created) : null;
      if (when && !Number.isNaN(when.getTime())) moments.push(when);
    }
  }
  return moments;
}

/**
 * Builds a new data folder from the continuous replica: Litestream restores the database as it was at `at`
 * (the latest copy when not given), the database passes the same checks a backup's does (schema, integrity,
 * foreign keys, then migrated forward), and every media file its uploaded_files rows name is fetched by
 * checksum and checked against it. Everything is staged inside `dataDir` and moved in place only when all of
 * it passed, so a refused restore leaves the folder as it was.
 */
export async function restoreFromReplica(options: {
  dataDir: string;
  targets: readonly ReplicaTarget[];
  binary: string;
  at: Date | null;
  checkMs: number;
}): Promise<ReplicaRestoreResult> {
  const { dataDir, targets, binary, at } = options;
  const dbPath = path.join(dataDir, DATABASE_FILE_NAME);
  if (existsSync(dbPath)) {
    refuse(
      `${dataDir} already holds a shop database (${DATABASE_FILE_NAME}). A restore from the replica builds a new data folder: name an empty or new folder, then point DATA_DIR at it.`,
    );
  }
  const mediaDir = path.join(dataDir, 'media');
  if (existsSync(mediaDir) && readdirSync(mediaDir).length > 0) {
    refuse(
      `${mediaDir} already holds files. A restore from the replica builds a new data folder: name an empty or new folder.`,
    );
  }
  const lock = lockDataFolder(dataDir, 'pnpm restore --from-replica');
  const stage = path.join(dataDir, `${STAGE_PREFIX}${randomUUID()}`);
  try {
    mkdirSync(stage, { recursive: true });
    const configFile = path.join(stage, 'litestream.yml');
    writeFileSync(configFile, litestreamConfig(dbPath, targets));
    const env = { ...replicaEnvironment(targets, {}) } as NodeJS.ProcessEnv;
    const stagedDb = path.join(stage, DATABASE_FILE_NAME);
    const args = ['restore', '-config', configFile, '-o', stagedDb];
    if (at) args.push('-timestamp', at.toISOString());
    try {
      await run(binary, [...args, dbPath], { env, maxBuffer: 64 << 20 });
    } catch (error) {
      const said = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1) ?? String(error);
      refuse(
        `Litestream could not restore the database from ${targets.map((t) => t.address).join(', ')}: ${said}`,
      );
    }
    if (!existsSync(stagedDb)) {
      refuse(
        at
          ? `The replica holds nothing of the shop at or before ${at.toISOString()} (the history goes back a week).`
          : `The replica ${targets.map((t) => t.address).join(', ')} holds no copy of a shop database.`,
      );
    }
    const moments = (await copiedMoments(binary, configFile, dbPath, env)).filter((m) => !at || m <= at);
    const heldAt = moments.length > 0 ? new Date(Math.max(...moments.map((m) => m.getTime()))) : null;

    const { schemaVersion } = await checkDatabaseToRestore(stagedDb, options.checkMs);
    // An older shop's schema is brought up to this version, as a backup's is; closing folds the WAL in.
    const restored = openDatabase(stagedDb);
    const files = restored.sqlite.prepare('SELECT path, sha256 FROM uploaded_files').all() as {
      path: string;
      sha256: string;
    }[];
    restored.close();
    const stores = targets.map(replicaMediaStore);
    const stagedMedia = path.join(stage, 'media');
    const missing: string[] = [];
    for (const file of files) {
      const to = path.join(stagedMedia, ...file.path.split('/'));
      if (!path.resolve(to).startsWith(`${path.resolve(stagedMedia)}${path.sep}`)) {
        refuse(`The replica's database names a media file outside the media folder: ${file.path}.`);
      }
      let fetched = false;
      for (const store of stores) {
        try {
          await store.get(file.sha256, to);
        } catch {
          continue;
        }
        if ((await fileDigest(to)).sha256 === file.sha256) {
          fetched = true;
          break;
        }
        rmSync(to, { force: true });
      }
      if (!fetched) missing.push(file.path);
    }
    if (missing.length > 0) {
      refuse(
        `${missing.length} media file(s) the restored shop lists are not on the replica or do not match their checksum: ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''}. Nothing was written to ${dataDir}.`,
      );
    }
    mkdirSync(stagedMedia, { recursive: true });
    for (const leftover of ['-wal', '-shm']) rmSync(`${stagedDb}${leftover}`, { force: true });
    renameSync(stagedDb, dbPath);
    if (existsSync(mediaDir) && readdirSync(mediaDir).length === 0) rmSync(mediaDir, { recursive: true });
    renameSync(stagedMedia, mediaDir);
    return { heldAt, schemaVersion, mediaFiles: files.length };
  } finally {
    rmSync(stage, { recursive: true, force: true });
    lock.release();
  }
}
