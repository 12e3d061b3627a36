import { existsSync, statSync } from 'node:fs';
import { restoreBackupFile, ShopError } from '@nursery/api';
import {
  CommandError,
  type CommandIo,
  fromTypingFolder,
  openShopForCommand,
  runIfMain,
} from './shopCommand.ts';

const USAGE = `Restores the shop in DATA_DIR from a backup made by Download Backup or pnpm backup.

Usage:
  pnpm restore FILE

The archive is checked whole first (manifest, checksums, database integrity, schema version); nothing
changes if any check fails. The current state is saved to DATA_DIR/backups/before-restore-<date>.zip
before it is replaced. Stop the shop first, and start it again afterwards.`;

export async function runRestoreCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CommandIo,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
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
