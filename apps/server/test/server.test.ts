import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ConfigError, loadConfig } from '@nursery/api';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../src/testing.ts';
import { shopForTests } from './support/shop.ts';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('configuration', () => {
  it('names the variable and the value when PORT is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
  });

  it('reports every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({
        PORT: '-1',
        SHOP_TIME_ZONE: 'Mars/Olympus',
        TAX_RATE_PERCENT: 'lots',
        DEMO_DATA: 'maybe',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'SHOP_TIME_ZONE', 'TAX_RATE_PERCENT', 'DEMO_DATA'])
      expect(message).toContain(`${name}=`);
    expect(message).toContain('must be an IANA time zone such as America/Chicago');
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', demoData: true, taxRateBasisPoints: 550 });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('stops the start with a message naming the variable and a non-zero exit', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-config-'));
    try {
      const run = promisify(execFile)(path.join(serverDir, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
        cwd: serverDir,
        env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        timeout: 30_000,
      });
      const failure = (await run.then(
        () => null,
        (e: unknown) => e,
      )) as { code: number; stderr: string } | null;
      expect(failure).not.toBeNull();
      expect(failure!.code).toBe(1);
      expect(failure!.stderr).toContain('PORT="not-a-port"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('health', () => {
  const shop = shopForTests({ DEMO_DATA: 'false' });

  it('answers ok on a fresh data folder', async () => {
    const res = await fetch(`${shop.server.url}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 unavailable, logged, once the database no longer answers a query', async () => {
    const lines: string[] = [];
    const other = await startTestServer(
      { DEMO_DATA: 'false', LOG_LEVEL: 'error' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    try {
      other.shop.database.sqlite.close();
      const res = await fetch(`${other.url}/health`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'unavailable' });
      expect(lines.some((l) => l.includes('health check: the database does not answer'))).toBe(true);
    } finally {
      await other.stop().catch(() => undefined);
    }
  });

  it('starts an empty shop without demo data, with the settings it cannot run without', async () => {
    const products = (await (await fetch(`${shop.server.url}/api/v1/Products/GetProductsToShow`)).json()) as {
      data: unknown[];
    };
    expect(products.data).toEqual([]);
    const settings = (await (await fetch(`${shop.server.url}/api/v1/Settings/GetAllSettings`)).json()) as {
      data: { name: string }[];
    };
    expect(settings.data.map((s) => s.name)).toContain('OnlineOrderingEnabled');
  });
});

describe('request log', () => {
  it('logs each address without the credentials in its query string, under the path the client sent', async () => {
    const lines: { msg?: string; url?: string }[] = [];
    const logged = await startTestServer(
      { DEMO_DATA: 'false', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    const idToken = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFmZiJ9.c2lnbmF0dXJlLW9mLXRoZS1pZC10b2tlbg';
    try {
      // The admin's logout sends its ID token; the sign-in comes back to /Admin with its authorization code; a
      // visitor's lookup sends the phone number that opens the order. All three were logged as sent.
      await fetch(
        `${logged.url}/oidc/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=${encodeURIComponent(`${logged.url}/`)}`,
      );
      await fetch(`${logged.url}/Admin?code=the-authorization-code&state=s1`);
      await fetch(`${logged.url}/api/v1/Orders/GetOrderById?orderId=1&phoneNumber=608-555-0142`);
      await fetch(`${logged.url}/api/v1/Products/GetProductsToShow`);
      await fetch(`${logged.url}/Order/1/608-555-0142`);
      await fetch(`${logged.url}/Order/1`);
      const urls = lines.filter((l) => l.msg === 'request').map((l) => l.url);
      expect(urls).toEqual([
        `/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=${encodeURIComponent(`${logged.url}/`)}`,
        '/Admin?code=[redacted]&state=s1',
        '/api/v1/Orders/GetOrderById?orderId=1&phoneNumber=[redacted]',
        '/api/v1/Products/GetProductsToShow',
        '/Order/1/[redacted]',
        '/Order/1',
      ]);
      const text = JSON.stringify(lines);
      for (const secret of [idToken, 'the-authorization-code', '608-555-0142'])
        expect(text).not.toContain(secret);
    } finally {
      await logged.stop();
    }
  });
});
