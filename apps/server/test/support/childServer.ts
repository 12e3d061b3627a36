import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@nursery/api';
import { createStaffAccount, generatePassword } from '@nursery/api/staff';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import { afterAll } from 'vitest';
import { signInWithPassword } from '../../src/auth/signInFlow.ts';
import { freePort } from '../../src/testing.ts';

export { freePort };

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A shop running in a process of its own, as in production, so a test can kill it without mercy. */
export interface ChildServer {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  process: ChildProcess;
  /** What the process wrote to stdout and stderr so far, for failure messages. */
  output(): string;
  /** Sends the signal and resolves once the process has gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `src/main.ts` under node itself (not the tsx wrapper, which would put a second process between
 * the test and the server and let a SIGKILL miss the server) and waits until /health answers.
 */
export async function spawnServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  port?: number;
  startTimeoutMs?: number;
  /** Flags for node itself, before the script (e.g. --inspect=0). */
  nodeArgs?: string[];
}): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    // As startTestServer (src/testing.ts): one order writer thread per server, started from the source once.
    ORDER_WRITER_IDLE_SECONDS: '600',
    ...options.env,
  };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dataDir: options.dataDir,
    env,
    process: child,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * A data folder for a test file's servers in processes of their own: every one started through `spawn` is
 * killed (SIGKILL, as a host's crash would) and the folder removed after the file's tests.
 */
export function childServerFolder(prefix: string): {
  dataDir: string;
  spawn(options?: Omit<Parameters<typeof spawnServer>[0], 'dataDir'>): Promise<ChildServer>;
} {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const started: ChildServer[] = [];
  afterAll(async () => {
    for (const server of started) await server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    async spawn(options = {}) {
      const server = await spawnServer({ ...options, dataDir });
      started.push(server);
      return server;
    },
  };
}

/**
 * A genuine staff token from a server in another process: the account is written into its database
 * (as `pnpm staff add` does) and signed in through the real sign-in form.
 */
export async function childStaffToken(server: ChildServer, email: string, name: string): Promise<string> {
  const config = loadConfig(server.env);
  const password = generatePassword();
  const database = openDatabase(path.join(server.dataDir, DATABASE_FILE_NAME));
  try {
    await createStaffAccount(database.db, { email, name, password });
  } finally {
    database.close();
  }
  const { accessToken } = await signInWithPassword({
    publicUrl: config.publicUrl,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    email,
    password,
  });
  return accessToken;
}
