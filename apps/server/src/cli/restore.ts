import { existsSync, statSync } from 'node:fs';
import { ConfigError, loadConfig, restoreBackupFile, ShopError } from '@nursery/api';
import { ShopStartError } from '@nursery/db';
import { restoreFromReplica } from '../replicaRestore.ts';
import { litestreamBinary } from '../replicator.ts';
import type { CommandIo } from './shopCommand.ts';
import { CommandError, fromTypingFolder, openShopForCommand, runIfMain } from './shopCommand.ts';

const USAGE = `Restores the shop in DATA_DIR from a backup made by Download Backup or pnpm backup.

Usage:
  pnpm restore FILE
  pnpm restore --from-replica [--at TIME] DIR

The archive is checked whole first (manifest, checksums, database integrity, schema version); nothing
changes if any check fails. The current state is saved to DATA_DIR/backups/before-restore-<date>.zip
before it is replaced. Stop the shop first, and start it again afterwards.

--from-replica builds a new data folder DIR from the continuous replica (REPLICA_URL, with its credentials
in LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY): the database as it was at TIME (an ISO
date and time such as 2026-04-18T16:55:00Z; the latest copy without --at) and its photos and flyer, checked
as a backup is. Then start the shop with DATA_DIR=DIR.`;

async function restoreReplicaCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CommandIo,
): Promise<number> {
  const rest = argv.filter((a) => a !== '--from-replica');
  let at: Date | null = null;
  const atIndex = rest.indexOf('--at');
  if (atIndex >= 0) {
    const text = rest[atIndex + 1] ?? '';
    at = new Date(text);
    if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text) || Number.isNaN(at.getTime())) {
      io.err(
        `Not restored: --at takes a date and time such as 2026-04-18T16:55:00Z (UTC) or 2026-04-18T18:55:00+02:00, not ${JSON.stringify(text)}.`,
      );
      return 2;
    }
    rest.splice(atIndex, 2);
  }
  if (rest.length !== 1 || !rest[0] || rest[0].startsWith('-')) {
    io.err(USAGE);
    return 2;
  }
  const dataDir = fromTypingFolder(rest[0], env);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...env, DATA_DIR: dataDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`Not restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
  if (!config.replica) {
    io.err('Not restored: REPLICA_URL is not set. Set it (and the credentials) as the shop had them.');
    return 1;
  }
  const started = Date.now();
  try {
    const result = await restoreFromReplica({
      dataDir,
      targets: config.replica.targets,
      binary: litestreamBinary(config.replica.litestreamPath),
      at,
      checkMs: config.restoreCheckMs,
    });
    io.out(
      `Restored the shop into ${dataDir} from ${config.replica.targets.map((t) => t.address).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    io.out(
      `It holds the shop as it was at ${result.heldAt?.toISOString() ?? 'an unknown moment'} (the last change copied${at ? ` at or before ${at.toISOString()}` : ''}), database schema ${result.schemaVersion}, ${result.mediaFiles} media files checked.`,
    );
    io.out(`Start the shop with DATA_DIR=${dataDir}.`);
    return 0;
  } catch (error) {
    if (error instanceof ShopError || error instanceof ShopStartError) {
      io.err(`Not restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

export async function runRestoreCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CommandIo,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  if (argv.includes('--from-replica')) return restoreReplicaCommand(argv, env, io);
  if (argv.length !== 1 || !argv[0]) {
    io.err(USAGE);
    return 2;
  }
  const file = fromTypingFolder(argv[0], env);
  try {
    if (!existsSync(file) || !statSync(file).isFile()) throw new CommandError(`There is no file at ${file}.`);
    const { shop, close } = openShopForCommand(env, io.err, {
      mustExist: false,
      exclusive: {
        refusal:
          'The shop is running on this data folder (DATA_DIR): a restore under it would leave it serving what it held before. Stop the shop first (systemctl stop nursery, or Ctrl+C where it runs) and run pnpm restore again, or restore while it runs from Admin > Settings > Restore from Backup.',
      },
    });
    try {
      // Read from disk as a stream: a backup of any size is never held in memory.
      const result = await restoreBackupFile(shop, file, statSync(file).size);
      io.out(
        `Restored the shop from ${file} (made ${result.manifest.createdAt} by version ${result.manifest.appVersion}).`,
      );
      io.out(`What it replaced was saved to ${result.safetyBackup}.`);
      return 0;
    } finally {
      close();
    }
  } catch (error) {
    if (error instanceof CommandError || error instanceof ShopError) {
      io.err(`Not restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

runIfMain(import.meta.url, runRestoreCommand);
