import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { litestreamConfig, type ReplicaMonitor, type ReplicaTarget, replicaEnvironment } from '@nursery/api';
import { ShopStartError } from '@nursery/db';

/** Litestream's configuration for the running shop, written into the data folder at each start (no secrets). */
export const LITESTREAM_CONFIG_FILE = 'litestream.yml';
const RESTART_AFTER_MS = 5000;
const STOP_WAIT_MS = 10_000;

/**
 * The Litestream binary: LITESTREAM_PATH, else the one a release carries beside its bundle, else the npm
 * package the server depends on (linux-x64).
 */
export function litestreamBinary(configured: string | undefined): string {
  if (configured) return configured;
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), 'litestream');
  if (existsSync(beside)) return beside;
  try {
    const pkg = createRequire(import.meta.url).resolve('@flydotio/litestream-linux-x64/package.json');
    return path.join(path.dirname(pkg), 'litestream');
  } catch {
    // Said at start as it is, like every other start-up problem the owner can fix.
    throw new ShopStartError(
      'Litestream was not found: set LITESTREAM_PATH to its binary (litestream.io/install), or run on linux-x64 where the shop carries one.',
    );
  }
}

/**
 * Litestream runs under a small shell that ends it (SIGTERM, so it copies what is left) when the shop's end of
 * its stdin closes: however the shop ends, even killed, no replicator is left behind copying a database nobody
 * writes, and the next start does not run a second one on the same file.
 */
// A background job's stdin is /dev/null unless redirected, hence the shop's pipe kept as fd 3.
const WATCH_PARENT =
  'exec 3<&0; "$0" "$@" </dev/null & child=$!; (read -r _ <&3; kill -TERM $child 2>/dev/null) & wait $child';

/** One logfmt field of a Litestream log line. */
function field(line: string, name: string): string | undefined {
  const match = line.match(new RegExp(`(?:^| )${name}=("(?:[^"\\\\]|\\\\.)*"|\\S+)`));
  if (!match?.[1]) return undefined;
  const raw = match[1];
  return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
}

export interface Replicator {
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Runs `litestream replicate` for the shop's database while the shop runs, restarting it when it stops, and
 * feeds what it logs to the monitor: "wal segment written" and "snapshot written" are a change copied,
 * an error line a failure of that replica.
 */
export function startReplicator(options: {
  databaseFile: string;
  dataDir: string;
  targets: readonly ReplicaTarget[];
  binary: string;
  monitor: ReplicaMonitor;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): Replicator {
  const configFile = path.join(options.dataDir, LITESTREAM_CONFIG_FILE);
  writeFileSync(configFile, litestreamConfig(options.databaseFile, options.targets));
  let child: ChildProcess | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | null = null;

  const onLine = (line: string) => {
    const msg = field(line, 'msg');
    const replica = field(line, 'replica');
    const level = field(line, 'level');
    if ((msg === 'wal segment written' || msg === 'snapshot written') && replica) {
      options.monitor.copied(replica);
    } else if (level === 'ERROR') {
      const why = field(line, 'error') ?? msg ?? line;
      options.monitor.failed(replica, why);
      options.log.warn({ replica, error: why }, `litestream: ${msg ?? line}`);
    } else if (msg === 'sync: new generation') {
      options.log.info({ reason: field(line, 'reason') }, 'litestream: new replica generation');
    }
  };

  function run(): void {
    const started = spawn(
      '/bin/sh',
      ['-c', WATCH_PARENT, options.binary, 'replicate', '-config', configFile],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        // Only what Litestream needs: the credentials come from the shop's configuration.
        env: replicaEnvironment(options.targets, {}),
      },
    );
    child = started;
    // Litestream 0.3 logs to stdout, the AWS SDK's complaints go to stderr: both are read as lines.
    for (const stream of [started.stdout, started.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) onLine(line);
      });
    }
    const ended = (why: string) => {
      if (child !== started) return;
      child = null;
      if (stopping) return;
      options.monitor.failed(undefined, why);
      options.log.warn({ binary: options.binary }, `litestream stopped (${why}); starting it again in 5 s`);
      restart = setTimeout(run, RESTART_AFTER_MS);
      restart.unref();
    };
    started.once('error', (error) => ended(`could not start ${options.binary}: ${error.message}`));
    started.once('exit', (code, signal) => ended(`it exited with ${signal ?? `code ${code}`}`));
  }

  run();
  options.log.info(
    { replicas: options.targets.map((t) => t.address), config: configFile },
    'continuous copy: litestream started',
  );
  return {
    get pid() {
      return child?.pid;
    },
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      // Closing its stdin makes the shell send Litestream SIGTERM: it copies what is left, then ends.
      running.stdin?.end();
      const timer = setTimeout(() => running.kill('SIGKILL'), STOP_WAIT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
