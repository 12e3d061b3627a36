import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '@nursery/api';
import { ShopStartError } from '@nursery/db';
import { afterAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../src/cli/backup.ts';
import { runRestoreCommand } from '../src/cli/restore.ts';
import { runStaffCommand } from '../src/cli/staff.ts';
import { createServer } from '../src/createServer.ts';
import { rest, startTestServer } from '../src/testing.ts';
import { spawnServer } from './support/childServer.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-lock-'));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), stdin: async () => '' },
  };
}

/** Runs src/main.ts in a process of its own and answers how it ended. */
async function startMain(dataDir: string): Promise<{ code: number; stderr: string }> {
  const run = promisify(execFile)(path.join(serverDir, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false' },
    timeout: 30_000,
  });
  return run.then(
    (r) => ({ code: 0, stderr: r.stderr }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
}

describe('one shop per data folder', () => {
  it('refuses a second server on a folder in use, in this process and in another, with a message and no stack', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ DEMO_DATA: 'false' }, { dataDir });
    try {
      const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
      const second = createServer({ config, webRoot: null });
      await expect(second).rejects.toBeInstanceOf(ShopStartError);
      await expect(second).rejects.toThrow(
        `The data folder ${dataDir} is in use by another shop process (it holds ${path.join(dataDir, 'shop.lock')}). Only one may use a data folder at a time`,
      );

      const other = await startMain(dataDir);
      expect(other.code).toBe(1);
      expect(other.stderr).toContain(`The data folder ${dataDir} is in use by another shop process`);
      expect(other.stderr).not.toMatch(/\n\s+at /);

      // The first one never noticed.
      expect((await rest(first.url, 'GET', '/api/v1/Settings/GetAllSettings')).status).toBe(200);
    } finally {
      await first.stop();
    }
    // Once it has stopped, the folder is free again.
    const again = await startTestServer({ DEMO_DATA: 'false' }, { dataDir });
    await again.stop();
  }, 60_000);

  it('a shop killed with SIGKILL leaves no lock behind', async () => {
    const dataDir = tempDir();
    const killed = await spawnServer({ dataDir, env: { DEMO_DATA: 'false' } });
    const other = await startMain(dataDir);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('is in use by another shop process');
    await killed.kill('SIGKILL');
    const next = await spawnServer({ dataDir, env: { DEMO_DATA: 'false' } });
    expect((await fetch(`${next.url}/health`)).status).toBe(200);
    await next.kill('SIGTERM');
  }, 90_000);

  it('pnpm restore refuses while the shop runs; pnpm backup and pnpm staff work beside it', async () => {
    const dataDir = tempDir();
    const shop = await startTestServer({ DEMO_DATA: 'false' }, { dataDir });
    try {
      const backup = io();
      expect(
        await runBackupCommand(['running.zip'], { DATA_DIR: dataDir, INIT_CWD: dataDir }, backup.io),
      ).toBe(0);

      const restore = io();
      expect(
        await runRestoreCommand([path.join(dataDir, 'running.zip')], { DATA_DIR: dataDir }, restore.io),
      ).toBe(1);
      expect(restore.err).toEqual([
        'Not restored: The shop is running on this data folder (DATA_DIR): a restore under it would leave it serving what it held before. Stop the shop first (systemctl stop nursery, or Ctrl+C where it runs) and run pnpm restore again, or restore while it runs from Admin > Settings > Restore from Backup.',
      ]);

      const staff = io();
      expect(await runStaffCommand(['list'], { DATA_DIR: dataDir }, staff.io)).toBe(0);
      expect(staff.out.join('')).toContain('E-MAIL');
    } finally {
      await shop.stop();
    }
    // Stopped, the same restore goes through.
    const restore = io();
    expect(
      await runRestoreCommand([path.join(dataDir, 'running.zip')], { DATA_DIR: dataDir }, restore.io),
    ).toBe(0);
  }, 60_000);
});
