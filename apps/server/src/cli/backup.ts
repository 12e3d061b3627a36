import { statSync } from 'node:fs';
import { writeBackupFile } from '@nursery/api';
import type { CommandIo } from './shopCommand.ts';
import { CommandError, fromTypingFolder, openShopForCommand, runIfMain } from './shopCommand.ts';

const USAGE = `Backs up the whole shop (database snapshot, media files, manifest with checksums) into one .zip.

Usage:
  pnpm backup [FILE]

Without FILE the archive goes to DATA_DIR/backups/backup-<date>-<time>.zip.
Safe while the shop is running: the database is copied with SQLite's online backup.`;

export async function runBackupCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CommandIo,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h') || argv.length > 1) {
    (argv.length > 1 ? io.err : io.out)(USAGE);
    return argv.length > 1 ? 2 : 0;
  }
  try {
    const { shop, close } = openShopForCommand(env, io.err, { mustExist: true });
    try {
      // What the backup could not hold is said on standard error by the shop's log (a missing media folder).
      const { file: target } = await writeBackupFile(
        shop,
        argv[0] ? fromTypingFolder(argv[0], env) : undefined,
      );
      const megabytes = (statSync(target).size / 1024 / 1024).toFixed(1);
      io.out(`Backup written to ${target} (${megabytes} MB).`);
      return 0;
    } finally {
      close();
    }
  } catch (error) {
    if (error instanceof CommandError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

runIfMain(import.meta.url, runBackupCommand);
