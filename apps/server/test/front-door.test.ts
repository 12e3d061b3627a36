/**
 * The front door (src/frontDoor.ts) answers a visitor's plain GET of the storefront's reads before Fastify.
 * Each of its answers must be the one the route gives through Fastify: the same status, headers and bytes.
 * HEAD (and for tRPC a token) still goes through the route, so each read is compared with that.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken, startTestServer, type TestServer } from '../src/testing.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('native plants '.repeat(400))};\n`;
let webRoot: string;
let server: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'nursery-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  server = await startTestServer(
    { DEMO_DATA: 'true', LOG_LEVEL: 'info', TRUST_PROXY: '1' },
    { webRoot, logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Status and headers, without the ones that vary from one answer to the next. */
function shape(response: Response) {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name)),
  );
  return { status: response.status, headers };
}

const ENCODINGS = ['gzip, deflate, br', 'gzip', undefined];

describe('the front door', () => {
  it.each([
    '/api/v1/Products/GetProductsToShow',
    '/api/v1/Settings/GetAllSettings',
    '/health',
    '/assets/index-AbC123.js',
  ])('answers GET %s as the route answers it, in every encoding', async (address) => {
    for (const encoding of ENCODINGS) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const early = await fetch(`${server.url}${address}`, { headers });
      const viaRoute = await fetch(`${server.url}${address}`, { method: 'HEAD', headers });
      expect(shape(early), `${address} ${encoding}`).toEqual(shape(viaRoute));
      expect(early.headers.get('content-security-policy')).toContain("default-src 'self'");
      const bytes = Buffer.from(await early.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
    }
  });

  it('answers a browser whose copy of a script is current 304, as the route does', async () => {
    const etag = (await fetch(`${server.url}/assets/index-AbC123.js`)).headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const early = await fetch(`${server.url}/assets/index-AbC123.js`, { headers: { 'if-none-match': etag } });
    const viaRoute = await fetch(`${server.url}/assets/index-AbC123.js?v=1`, {
      headers: { 'if-none-match': etag },
    });
    expect(early.status).toBe(304);
    expect(shape(early)).toEqual(shape(viaRoute));
  });

  it("answers the storefront's tRPC product list as tRPC's route does for staff, single and batched", async () => {
    const token = await staffToken(server);
    for (const address of [
      '/trpc/catalog.productsToShow',
      `/trpc/catalog.productsToShow?batch=1&input=${encodeURIComponent('{"0":{}}')}`,
    ]) {
      for (const encoding of ENCODINGS) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const early = await fetch(`${server.url}${address}`, { headers });
        const viaRoute = await fetch(`${server.url}${address}`, {
          headers: { ...headers, authorization: `Bearer ${token}` },
        });
        // A signed-in caller's answer is kept out of every cache; apart from that it is the front door's,
        // header for header and byte for byte.
        const { 'cache-control': staffCaching, ...routeHeaders } = shape(viaRoute).headers;
        expect(staffCaching, `${address} ${encoding}`).toBe('no-store');
        expect(shape(early), `${address} ${encoding}`).toEqual({
          status: viaRoute.status,
          headers: routeHeaders,
        });
        expect(await early.text()).toBe(await viaRoute.text());
      }
    }
  });

  it('writes one request line for each of its answers, numbered with the rest, with the client behind the proxy', async () => {
    lines.length = 0;
    await fetch(`${server.url}/api/v1/Products/GetProductsToShow`, {
      headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.20' },
    });
    await fetch(`${server.url}/api/v1/Products/GetProductsToShow`, { method: 'HEAD' });
    await fetch(`${server.url}/health`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/api/v1/Products/GetProductsToShow',
        status: 200,
        // TRUST_PROXY=1: the address the one proxy saw, not the one the client wrote before it.
        ip: '203.0.113.20',
        ms: expect.any(Number),
      }),
      expect.objectContaining({ method: 'HEAD', url: '/api/v1/Products/GetProductsToShow', status: 200 }),
      expect.objectContaining({ method: 'GET', url: '/health', status: 200, ip: '127.0.0.1' }),
    ]);
    const ids = requests.map((line) => Number(String(line.reqId).replace('req-', '')));
    expect(ids[1]).toBe(Number(ids[0]) + 1);
    expect(ids[2]).toBe(Number(ids[1]) + 1);
  });
});
