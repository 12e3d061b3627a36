import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@nursery/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBackupCommand } from '../src/cli/backup.ts';
import { runRestoreCommand } from '../src/cli/restore.ts';
import { startTestServer } from '../src/testing.ts';

let root: string;
let shopDir: string;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

function count(dataDir: string, table: string): number {
  const database = openDatabase(path.join(dataDir, 'shop.db'));
  try {
    return (database.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'nursery-cli-'));
  shopDir = path.join(root, 'shop');
  // A demo shop on disk, stopped, as an owner would have it before running the commands.
  const server = await startTestServer({}, { dataDir: shopDir });
  await server.stop();
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('pnpm backup FILE then pnpm restore FILE into an empty data folder gives the same shop', async () => {
  const archive = path.join(root, 'nursery.zip');
  const backup = io();
  expect(await runBackupCommand(['nursery.zip'], { DATA_DIR: shopDir, INIT_CWD: root }, backup.io)).toBe(0);
  expect(backup.out[0]).toMatch(/^Backup written to .*nursery\.zip \(\d+\.\d MB\)\.$/);
  expect(existsSync(archive)).toBe(true);

  const freshDir = path.join(root, 'fresh');
  const restore = io();
  expect(await runRestoreCommand([archive], { DATA_DIR: freshDir }, restore.io)).toBe(0);
  expect(restore.out[0]).toMatch(/^Restored the shop from /);
  for (const table of ['orders', 'order_lines', 'products', 'product_prices', 'settings', 'stock_changes']) {
    expect(count(freshDir, table)).toBe(count(shopDir, table));
  }
  // A new, empty data folder has no staff yet: it takes the backup's accounts, but none of its sessions.
  expect(count(shopDir, 'staff_accounts')).toBeGreaterThan(0);
  expect(count(freshDir, 'staff_accounts')).toBe(count(shopDir, 'staff_accounts'));
  expect(count(freshDir, 'oidc_payloads')).toBe(0);
  expect(readdirSync(path.join(freshDir, 'backups')).some((f) => f.startsWith('before-restore-'))).toBe(true);
});

it('without FILE the backup goes to the data folder; bad input is refused with a message', async () => {
  const backup = io();
  expect(await runBackupCommand([], { DATA_DIR: shopDir }, backup.io)).toBe(0);
  expect(readdirSync(path.join(shopDir, 'backups')).filter((f) => /^backup-.*\.zip$/.test(f))).toHaveLength(
    1,
  );

  const missingShop = io();
  expect(await runBackupCommand([], { DATA_DIR: path.join(root, 'nowhere') }, missingShop.io)).toBe(1);
  expect(missingShop.err[0]).toMatch(/^There is no shop database at /);

  const notZip = path.join(root, 'notes.txt');
  writeFileSync(notZip, 'hello');
  const refused = io();
  const before = count(shopDir, 'orders');
  expect(await runRestoreCommand([notZip], { DATA_DIR: shopDir }, refused.io)).toBe(1);
  expect(refused.err[0]).toBe(
    'Not restored: This file is not a backup archive. Choose a .zip file made by Download Backup (or pnpm backup).',
  );
  expect(count(shopDir, 'orders')).toBe(before);

  const usage = io();
  expect(await runRestoreCommand([], { DATA_DIR: shopDir }, usage.io)).toBe(2);
  expect(usage.err[0]).toMatch(/pnpm restore FILE/);
});

it('pnpm backup says so when the media folder is missing', async () => {
  const bare = path.join(root, 'bare');
  const server = await startTestServer({ DEMO_DATA: 'false' }, { dataDir: bare });
  await server.stop();
  rmSync(path.join(bare, 'media'), { recursive: true, force: true });
  const backup = io();
  expect(await runBackupCommand([], { DATA_DIR: bare }, backup.io)).toBe(0);
  expect(backup.out[0]).toMatch(/^Backup written to /);
  expect(backup.err).toEqual([
    expect.stringMatching(
      /^warning: The media folder \(.*bare\/media\) was missing, so this backup holds no photos or flyer\./,
    ),
  ]);
});
