import { execFile } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, staffToken, startTestServer } from '../src/testing.ts';
import { archiveSignature } from './support/archive.ts';
import { customer, submitOrder } from './support/orders.ts';

/**
 * What the shop does with a shop.db it cannot trust: a file it cannot use stops the start with a message
 * naming the file and what to do (never a new demo shop, never a stack trace); a file SQLite can open but
 * whose integrity check fails starts, says so on /health and refuses new orders.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let root: string;
/** A real shop's database, stopped cleanly (one self-contained file). */
let good: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'nursery-dbfile-'));
  chmodSync(root, 0o755);
  const dataDir = path.join(root, 'good');
  const server = await startTestServer({}, { dataDir });
  await server.stop();
  good = path.join(dataDir, DATABASE_FILE_NAME);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dataDirWith(name: string, write: (file: string) => void): { dataDir: string; file: string } {
  const dataDir = path.join(root, name);
  mkdirSync(dataDir, { recursive: true });
  // Writable by anyone, so a start as another user gets as far as the database file itself.
  chmodSync(dataDir, 0o777);
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  write(file);
  return { dataDir, file };
}

/** Runs src/main.ts as the service would and answers how it ended. */
async function start(
  dataDir: string,
  options: { uid?: number } = {},
): Promise<{ code: number; stderr: string }> {
  const run = promisify(execFile)(path.join(serverDir, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOME: root },
    timeout: 30_000,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
  return run.then(
    (r) => ({ code: 0, stderr: r.stderr }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
}

function expectStopped(result: { code: number; stderr: string }, file: string, what: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toContain(`The shop's database ${file} `);
  expect(result.stderr).toMatch(what);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('a database file the shop cannot use stops the start with a message', () => {
  it('0 bytes: no new demo shop and no new owner password over it', async () => {
    const { dataDir, file } = dataDirWith('empty', (f) => writeFileSync(f, ''));
    const result = await start(dataDir);
    expectStopped(
      result,
      file,
      /is empty \(0 bytes\).*will not start a new, empty shop over it.*pnpm restore/,
    );
    expect(result.stderr).not.toMatch(/One-time password/);
    expect(statSync(file).size).toBe(0);
  }, 40_000);

  it('garbage bytes', async () => {
    const { dataDir, file } = dataDirWith('garbage', (f) =>
      writeFileSync(f, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 31 + 7) % 256))),
    );
    expectStopped(await start(dataDir), file, /is not a SQLite database \(8192 bytes/);
    expect(statSync(file).size).toBe(8192);
  }, 40_000);

  it('truncated', async () => {
    const { dataDir, file } = dataDirWith('truncated', (f) => {
      copyFileSync(good, f);
      truncateSync(f, Math.floor(statSync(good).size / 2 / 4096) * 4096);
    });
    expectStopped(await start(dataDir), file, /is cut short: \d+ bytes of the \d+ it should have/);
  }, 40_000);

  it('read-only for the user running the shop', async () => {
    const { dataDir, file } = dataDirWith('readonly', (f) => copyFileSync(good, f));
    chmodSync(file, 0o444);
    // Root may write whatever the mode says: start as nobody, as a service user would be.
    expectStopped(await start(dataDir, { uid: 65534 }), file, /cannot be written .*chown -R nursery:/);
  }, 40_000);
});

describe('a database that fails its integrity check', () => {
  it('starts, says so on /health, refuses orders with a message and writes nothing into it', async () => {
    const { dataDir, file } = dataDirWith('corrupt', (f) => copyFileSync(good, f));
    // Break one page of an index: SQLite still opens the file, its integrity check fails.
    const inspect = openDatabase(file, { readonly: true });
    const rootPage = inspect.sqlite
      .prepare("select rootpage from sqlite_master where name = 'orders_created_idx'")
      .pluck()
      .get() as number;
    const pageSize = inspect.sqlite.pragma('page_size', { simple: true }) as number;
    inspect.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(64, 0xee), 0, 64, (rootPage - 1) * pageSize + 8);
    closeSync(fd);

    const server = await startTestServer({ STAFF_EMAILS: 'owner@example.com' }, { dataDir });
    try {
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(503);
      const said = (await health.json()) as { status: string; message: string };
      expect(said.status).toBe('damaged');
      expect(said.message).toMatch(
        /^The shop's database .*shop\.db is damaged \(SQLite's integrity check: .*\)\. New orders and changes are refused.*Restore from Backup/,
      );

      const lastOrder = () =>
        server.shop.database.sqlite.prepare('select max(order_id) from orders').pluck().get();
      const lastBefore = lastOrder();
      expect(lastBefore).toBeGreaterThan(0);
      const products = await rest<{ productId: number }[]>(
        server.url,
        'GET',
        '/api/v1/Products/GetProductsToShow',
      );
      const order = await submitOrder(
        server,
        [{ productId: products.body.data?.[0]?.productId ?? 1, quantity: 1 }],
        customer,
      );
      expect(order.status).toBe(503);
      expect(order.body.message).toBe(
        'The shop cannot take orders or changes right now: its database is damaged. Please call or e-mail the nursery to place your order.',
      );
      // Staff changes too; the backup download still works, to keep what is left.
      const token = await staffToken(server, { email: 'owner@example.com' });
      const message = await rest(server.url, 'PUT', '/api/v1/Settings/SetMessage', {
        token,
        body: { html: '<b>x</b>' },
      });
      expect(message.status).toBe(503);
      const backup = await fetch(`${server.url}/api/v1/BackupAuth`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(backup.status).toBe(200);
      // What SQLite can still read of it comes out as a backup archive.
      expect(await archiveSignature(backup)).toBe('PK');
      expect(lastOrder()).toBe(lastBefore);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
