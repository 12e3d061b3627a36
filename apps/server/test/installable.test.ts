import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';

/**
 * The shop as an installable app: the manifest names the shop as configured, and the service worker's script,
 * like the page, is never answered from a copy, so a new release reaches the next visit.
 */
let server: TestServer;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'nursery-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  server = await startTestServer({ SHOP_NAME: 'Oak Hill Seeds & Trees' }, { webRoot });
});

afterAll(async () => {
  await server?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('has a manifest naming the shop, with the icons Chromium asks for', async () => {
    const answer = await fetch(`${server.url}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await answer.json()) as Record<string, unknown> & {
      icons: { sizes: string; purpose: string; src: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Oak Hill Seeds & Trees',
      short_name: 'Oak Hill',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#2f5d3a',
    });
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('sends the service worker and the page to be checked on every visit, under a policy that allows both', async () => {
    for (const address of ['/sw.js', '/', '/Admin/Pickup']) {
      const answer = await fetch(`${server.url}${address}`);
      expect(answer.status, address).toBe(200);
      expect(answer.headers.get('cache-control'), address).toBe('no-cache');
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy, address).toContain("worker-src 'self'");
      expect(policy, address).toContain("manifest-src 'self'");
    }
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
  });
});
