import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type ShopConfig } from '@nursery/api';
import { createServer, type ShopServer } from './createServer.ts';

export interface TestServer extends ShopServer {
  url: string;
  dataDir: string;
  config: ShopConfig;
}

/**
 * A real server on a free port with its own temp data folder, as every integration test wants.
 * `env` takes the same variables as production (DEMO_DATA, PHOTO_HOSTS, ...).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { now?: () => Date; webRoot?: string | null; dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'nursery-test-'));
  // A known port before start, so the embedded sign-in's issuer URL is right from the first request.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const shop = await createServer({
    config,
    webRoot: options.webRoot === undefined ? null : options.webRoot,
    ...(options.now ? { now: options.now } : {}),
  });
  const url = await shop.start();
  return {
    ...shop,
    url,
    dataDir,
    config,
    async stop() {
      await shop.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls a REST path and answers the status and parsed envelope. */
export async function rest<T = unknown>(
  base: string,
  method: string,
  pathAndQuery: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
