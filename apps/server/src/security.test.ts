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

  it("are the headers of the shop's own answers, whatever route answers", async () => {
    const server = await startTestServer();
    try {
      const expected = securityHeaders(server.config);
      for (const path of [
        '/health',
        '/api/v1/Products/GetProductsToShow',
        '/trpc/catalog.productsToShow',
        '/nothing',
      ]) {
        const answer = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'br' } });
        for (const [header, value] of expected)
          expect(answer.headers.get(header), `${path} ${header}`).toBe(value);
      }
    } finally {
      await server.stop();
    }
  });
});
