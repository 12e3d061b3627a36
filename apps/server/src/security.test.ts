import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import { loadConfig, type ShopConfig } from '@nursery/api';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './security.ts';
import { startTestServer } from './testing.ts';

/** What @fastify/helmet, registered the usual way, sends on an answer with the shop's options. */
async function helmetSends(config: ShopConfig): Promise<Map<string, string>> {
  const app = Fastify();
  await app.register(fastifyHelmet, { global: true, ...helmetOptions(config) });
  app.get('/', async () => ({ ok: true }));
  const answer = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const fastifyOwn = new Set(['content-type', 'content-length', 'date', 'connection']);
  return new Map(
    Object.entries(answer.headers)
      .filter(([name]) => !fastifyOwn.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

describe('security headers worked out once at start', () => {
  const configs: [string, ShopConfig][] = [
    ['plain http, embedded sign-in', loadConfig({})],
    [
      'behind TLS with an external OpenID provider',
      loadConfig({
        PUBLIC_URL: 'https://shop.example.com',
        OIDC_ISSUER: 'https://login.example.com/realms/shop/',
      }),
    ],
  ];
  for (const [name, config] of configs) {
    it(`equal what helmet would send per request (${name})`, async () => {
      const sent = await helmetSends(config);
      expect(sent.size).toBeGreaterThan(10);
      expect(new Map(securityHeaders(config))).toEqual(sent);
    });
  }

  it("are the headers of the shop's own answers, whatever answers them and whatever the status", async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'nursery-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Shop</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
    const server = await startTestServer({}, { webRoot });
    try {
      mkdirSync(server.config.mediaDir, { recursive: true });
      writeFileSync(path.join(server.config.mediaDir, 'photo-0123abcd.webp'), 'RIFF');
      const expected = securityHeaders(server.config);
      const issuer = server.config.oidc.issuer;
      const answers: [url: string, status: number, init?: RequestInit][] = [
        ['/health', 200],
        ['/api/v1/Products/GetProductsToShow', 200],
        ['/api/v1/Settings/GetAllSettings', 200],
        ['/trpc/catalog.productsToShow', 200],
        ['/trpc/settings.all', 200],
        ['/api/v1/openapi.json', 200],
        ['/robots.txt', 200],
        ['/sitemap.xml', 200],
        ['/', 200],
        ['/Products', 200],
        ['/favicon.svg', 200],
        ['/assets/index-Ab12Cd34.js', 200],
        ['/media/photo-0123abcd.webp', 200],
        // Refusals and misses, each answered by another part of the shop.
        ['/nothing', 404],
        ['/assets/missing-00000000.js', 404],
        ['/media/missing.webp', 404],
        ['/api/v1/Orders/Nothing', 404],
        ['/api/v1/Orders/GetAllOrders', 401],
        ['/trpc/orders.allDeleted', 401],
        ['/trpc/catalog.productsToShow?input=%7Bbroken', 400],
        [`/trpc/${Array.from({ length: 40 }, () => 'site.config').join(',')}?batch=1&input=%7B%7D`, 400],
        [
          '/api/v1/Orders/Submit',
          400,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"not json' },
        ],
        [
          '/api/v1/Orders/Submit',
          415,
          { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b' },
        ],
        // The embedded OpenID provider writes these to the raw response itself.
        [`${new URL(issuer).pathname}/.well-known/openid-configuration`, 200],
        [`${new URL(issuer).pathname}/auth?client_id=nobody`, 400],
        [`${new URL(issuer).pathname}/assets/signin.css`, 200],
      ];
      for (const [url, status, init] of answers) {
        const answer = await fetch(`${server.url}${url}`, {
          redirect: 'manual',
          ...init,
          headers: { 'accept-encoding': 'br', ...(init?.headers as Record<string, string>) },
        });
        await answer.arrayBuffer();
        expect(answer.status, url).toBe(status);
        for (const [header, value] of expected)
          expect(answer.headers.get(header), `${url} ${header}`).toBe(value);
      }
    } finally {
      await server.stop();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
