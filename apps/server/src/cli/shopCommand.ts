import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import {
  ConfigError,
  createShop,
  loadConfig,
  removeBackupLeftovers,
  type Shop,
  type ShopLogger,
} from '@nursery/api';
import {
  DATABASE_FILE_NAME,
  type DataFolderLock,
  lockDataFolder,
  openDatabase,
  ShopStartError,
  seedDatabase,
} from '@nursery/db';

/** pnpm runs package scripts inside apps/server; a file named on the command line means where it was typed. */
export function fromTypingFolder(file: string, env: Record<string, string | undefined>): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), file);
}

/**
 * A command's words read against its options (`--help`/`-h` among them, and words after the command). Words it
 * does not know are answered on standard error with what went wrong and the usage; null then, for exit code 2.
 */
export function readCommandWords<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
  usage: string,
  err: (text: string) => void,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    err(`${(error as Error).message}\n\n${usage}`);
    return null;
  }
}

const logger = (err: (line: string) => void): ShopLogger => ({
  info() {},
  warn(obj, msg) {
    err(`warning: ${msg ?? JSON.stringify(obj)}`);
  },
  error(obj, msg) {
    err(`error: ${msg ?? JSON.stringify(obj)}`);
  },
});

/**
 * The shop of DATA_DIR without a web server, for the backup and restore commands. Mail is never sent from
 * here: that is the running shop's job. `exclusive` takes the data folder's lock as the server does
 * (restore replaces what a running shop holds in memory); without it the command works beside a running
 * shop through SQLite's WAL (backup).
 */
export function openShopForCommand(
  env: Record<string, string | undefined>,
  err: (line: string) => void,
  options: { mustExist: boolean; exclusive?: { refusal: string } },
): { shop: Shop; close(): void } {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
  const file = path.join(config.dataDir, DATABASE_FILE_NAME);
  if (options.mustExist && !existsSync(file)) {
    throw new CommandError(`There is no shop database at ${file}. Set DATA_DIR to the shop's data folder.`);
  }
  let lock: DataFolderLock | null = null;
  if (options.exclusive) {
    try {
      lock = lockDataFolder(config.dataDir, 'this command');
      // Holding the lock, nothing else can be using what an interrupted restore or backup left behind.
      removeBackupLeftovers(config.dataDir);
    } catch (error) {
      if (error instanceof ShopStartError) {
        throw new CommandError(
          /in use by another/.test(error.message) ? options.exclusive.refusal : error.message,
        );
      }
      throw error;
    }
  }
  let database: ReturnType<typeof openDatabase>;
  try {
    database = openDatabase(file);
  } catch (error) {
    lock?.release();
    if (error instanceof ShopStartError) throw new CommandError(error.message);
    throw error;
  }
  // A command never sends mail: whatever it queues waits in the outbox for the server to send.
  const shop = createShop({
    config: { ...config, mail: { ...config.mail, smtpUrl: undefined } },
    database,
    log: logger(err),
    mailQueueOnly: true,
  });
  seedDatabase(database, {
    demo: false,
    now: shop.now(),
    timeZone: config.shop.timeZone,
    seasonStartMonth: config.seasonStartMonth,
    taxRateBasisPoints: config.taxRateBasisPoints,
  });
  return {
    shop,
    close() {
      shop.outbox.close();
      database.close();
      lock?.release();
    },
  };
}

export class CommandError extends Error {}

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * Runs a command when its file is the one node was started with (`pnpm backup` runs backup.ts), not when a
 * test imports it: the exit code is the command's answer, and an unexpected error is printed, not thrown.
 */
export function runIfMain(
  moduleUrl: string,
  run: (argv: string[], env: Record<string, string | undefined>, io: CommandIo) => Promise<number>,
): void {
  const started = process.argv[1];
  if (!started || path.resolve(started) !== path.resolve(new URL(moduleUrl).pathname)) return;
  // pnpm runs package scripts inside apps/server; a relative DATA_DIR means the folder the command was
  // typed in, the same one `pnpm start` at the repository root uses.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  run(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

/** Rows as aligned columns under a header, one line each, as the list commands print them. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/**
 * A list command's answer: the rows under their header, or, with no rows, what to do to make the first one.
 * `end` closes each line where the command's out writes text as it is (staff's).
 */
export function printList(
  out: (text: string) => void,
  list: { header: readonly string[]; rows: readonly (readonly string[])[]; none: string },
  end = '',
): void {
  if (list.rows.length === 0) {
    out(`${list.none}${end}`);
    return;
  }
  for (const line of formatTable(list.header, list.rows)) out(`${line}${end}`);
}

/**
 * The shop's configuration for a command that reads no shop data yet, or null once `err` has said what is
 * wrong with it (the command then exits 2). `end` closes the message where err writes text as it is.
 */
export function configForCommand(
  env: Record<string, string | undefined>,
  err: (text: string) => void,
  end = '',
): ReturnType<typeof loadConfig> | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(`${error.message}${end}`);
      return null;
    }
    throw error;
  }
}
