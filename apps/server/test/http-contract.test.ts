import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@nursery/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/createServer.ts';
import { NO_HOST } from '../src/frontDoor.ts';
import { securityHeaders } from '../src/security.ts';
import { rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

describe('HTTP answers a caller can act on', () => {
  it('treats a body with __proto__ keys as the JSON it is, dropping those keys', async () => {
    const { status, body } = await rest(server.url, 'POST', '/api/v1/Orders/Submit', {
      body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}',
    });
    expect(status).toBe(400);
    expect(body.message).not.toMatch(/not valid JSON/i);
    expect(body.message).toContain('You must enter a first name for your order.');
  });

  it('says the limit when a JSON body is too large', async () => {
    const { status, body } = await rest(server.url, 'POST', '/api/v1/Orders/Submit', {
      body: JSON.stringify({ comments: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(status).toBe(413);
    expect(body).toEqual({
      success: false,
      message: 'The request body is too large: the limit is 1 MB.',
      data: null,
    });
  });

  it('answers 405 naming the right method for a known path', async () => {
    const response = await fetch(`${server.url}/api/v1/Orders/Submit`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({
      success: false,
      message: 'Use POST for /api/v1/Orders/Submit.',
      data: null,
    });
  });

  // Node answers these itself, before any route: a raw socket, since fetch cannot send a broken request line.
  async function rawRequest(
    head: string,
  ): Promise<{ status: number; contentType: string; headers: Map<string, string>; body: unknown }> {
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(received));
      socket.on('error', (error) => (received ? resolve(received) : reject(error)));
      socket.end(head);
    });
    const [headers = '', body = ''] = raw.split('\r\n\r\n');
    const lines = headers.split('\r\n').slice(1);
    return {
      status: Number(headers.split(' ')[1]),
      contentType: /content-type: *([^\r]*)/i.exec(headers)?.[1] ?? '',
      headers: new Map(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      ),
      body: JSON.parse(body),
    };
  }

  /** Every security header of a routed answer (the CSP among them), with the same value. */
  function expectSecurityHeaders(headers: Map<string, string>): void {
    const expected = securityHeaders(server.config);
    expect(expected.map(([name]) => name)).toContain('content-security-policy');
    for (const [name, value] of expected) expect(headers.get(name), name).toBe(value);
  }

  it('sends the security headers on answers made before routing: 431 and 400', async () => {
    const tooLarge = await rawRequest(`GET /health?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(tooLarge.status).toBe(431);
    expectSecurityHeaders(tooLarge.headers);

    const notHttp = await rawRequest('HELLO THERE\r\n\r\n');
    expect(notHttp.status).toBe(400);
    expectSecurityHeaders(notHttp.headers);

    // A broken %-escape in a path parameter: Fastify's router refuses it before any hook runs.
    const badEscape = await rawRequest(
      'GET /oidc/interaction/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(badEscape.status).toBe(400);
    expect(badEscape.contentType).toMatch(/^application\/json/);
    expect(badEscape.body).toEqual({
      success: false,
      message: 'The address is not valid: check its %-escapes (a % must be followed by two hex digits).',
      data: null,
    });
    expectSecurityHeaders(badEscape.headers);

    // HTTP/1.1 without Host: Node's own answer was a bare 400 with no header of the shop's.
    for (const path of ['/health', '/api/v1/Products/GetProductsToShow', '/']) {
      const noHost = await rawRequest(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
      expect(noHost.status, path).toBe(400);
      expect(noHost.contentType, path).toMatch(/^application\/json/);
      expect(noHost.body, path).toEqual({ success: false, message: NO_HOST, data: null });
      expectSecurityHeaders(noHost.headers);
    }
  });

  it('sends them on the 414 the router answers for a path parameter over maxParamLength', async () => {
    // The shop's only parameter routes (/oidc/interaction/:uid...) fall back to the /oidc/* wildcard, so a
    // route is added to a server of its own to reach the router's refusal.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-414-'));
    const shop = await createServer({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      webRoot: null,
    });
    try {
      shop.server.get('/probe/:name', async () => ({ ok: true }));
      const answer = await shop.server.inject({ method: 'GET', url: `/probe/${'n'.repeat(600)}` });
      expect(answer.statusCode).toBe(414);
      expect(answer.json()).toEqual({
        success: false,
        message: 'The address is too long. Shorten it and try again.',
        data: null,
      });
      expectSecurityHeaders(
        new Map(Object.entries(answer.headers).map(([name, value]) => [name, String(value)])),
      );
    } finally {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers headers over the limit (a huge query string) with the envelope and what to do', async () => {
    const answer = await rawRequest(
      `GET /api/v1/Products?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      success: false,
      message:
        "The request headers are too large (the limit is 16 KB). Shorten the address or its query string, or clear this site's cookies, and try again.",
      data: null,
    });
  });

  it('answers a request line that is not HTTP with the envelope', async () => {
    const answer = await rawRequest('HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      message: 'The request is not valid HTTP: check the request line and headers.',
      data: null,
    });
  });

  it('keeps staff tRPC answers and their refusals out of every cache, and leaves public reads as they were', async () => {
    const token = await staffToken(server);
    const staffAnswer = await fetch(`${server.url}/trpc/orders.allDeleted`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(staffAnswer.status).toBe(200);
    expect(staffAnswer.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${server.url}/trpc/orders.allDeleted`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // A batch that mixes a public read with a staff one is a staff answer.
    const mixed = await fetch(`${server.url}/trpc/settings.all,orders.allDeleted?batch=1&input=%7B%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mixed.status).toBe(200);
    expect(mixed.headers.get('cache-control')).toBe('no-store');
    const publicRead = await fetch(`${server.url}/trpc/site.config`);
    expect(publicRead.status).toBe(200);
    expect(publicRead.headers.get('cache-control')).not.toBe('no-store');
  });

  it('still answers 404 for a path that does not exist', async () => {
    const { status, body } = await rest(server.url, 'GET', '/api/v1/Orders/Nothing');
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });
});
