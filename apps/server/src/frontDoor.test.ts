import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontDoor, type FrontDoor, type FrontRead } from './frontDoor.ts';
import type { ReadyAnswer } from './rest/cachedAnswer.ts';

/**
 * The front door on a real HTTP server, with a stand-in for Fastify's handler that records what it was given:
 * which requests the door answers itself and which it hands on, and what it writes.
 */

const LIST: ReadyAnswer = {
  status: 200,
  headers: { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from('{"success":true,"message":"","data":[]}'),
};
const NOT_MODIFIED: ReadyAnswer = { status: 304, headers: { etag: 'W/"1"' }, body: null };

let door: FrontDoor;
let base: string;
const handedOn: string[] = [];
const lines: Record<string, unknown>[] = [];
let server: ReturnType<FrontDoor['serverFactory']>;

beforeAll(async () => {
  door = createFrontDoor({
    securityHeaders: [['x-content-type-options', 'nosniff']],
    // One proxy in front, as TRUST_PROXY=1 sets it.
    trustProxy: (_address, hop) => hop < 1,
  });
  server = door.serverFactory(
    (request, response) => {
      handedOn.push(`${request.method} ${request.url}`);
      response.writeHead(299).end();
    },
    { keepAliveTimeout: 72_000 },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function open(): void {
  door.open({
    log: pino({ base: null, timestamp: false }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    reads: new Map<string, FrontRead>([
      ['/list', () => LIST],
      // An answer whose compressed bytes are still being made, and one whose making failed.
      ['/later', () => new Promise<ReadyAnswer>((resolve) => setTimeout(() => resolve(LIST), 20))],
      ['/lost', () => Promise.reject(new Error('out of memory'))],
    ]),
    readsByPrefix: [
      ['/assets/', (request) => (request.url === '/assets/a.js' ? NOT_MODIFIED : undefined)],
      [
        '/broken',
        () => {
          throw new Error('the disk went away');
        },
      ],
    ],
  });
}

describe('the front door', () => {
  it('hands every request to Fastify until it is opened', async () => {
    expect((await fetch(`${base}/list`)).status).toBe(299);
    expect(handedOn).toEqual(['GET /list']);
  });

  it('answers its reads with the security headers, Content-Length and one log line', async () => {
    open();
    handedOn.length = 0;
    lines.length = 0;
    const response = await fetch(`${base}/list`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(LIST.body?.toString());
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-length')).toBe(String(LIST.body?.length));
    expect(response.headers.get('keep-alive')).toBe('timeout=72');
    const notModified = await fetch(`${base}/assets/a.js`);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe('W/"1"');
    expect(handedOn).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      {
        level: 30,
        reqId: expect.stringMatching(/^req-\d+$/),
        method: 'GET',
        url: '/list',
        status: 200,
        ms: expect.any(Number),
        // The address the trusted proxy saw, as Fastify's request.ip gives it.
        ip: '203.0.113.7',
        msg: 'request',
      },
      expect.objectContaining({ url: '/assets/a.js', status: 304, ip: '127.0.0.1' }),
    ]);
    // One sequence with the ids Fastify gives the requests it answers.
    const [first, second] = lines.map((line) => Number(String(line.reqId).slice('req-'.length)));
    expect(second).toBe(Number(first) + 1);
    expect(door.nextRequestId()).toBe(`req-${Number(second) + 1}`);
  });

  it('hands on a token, a body, HEAD, another method, a query string, an unknown address and a read that declines or fails', async () => {
    handedOn.length = 0;
    await fetch(`${base}/list`, { headers: { authorization: 'Bearer x' } });
    await fetch(`${base}/list`, { method: 'HEAD' });
    await fetch(`${base}/list`, { method: 'POST', body: '{}' });
    await fetch(`${base}/list?x=1`);
    await fetch(`${base}/List`);
    await fetch(`${base}/assets/b.js`);
    await fetch(`${base}/broken`);
    const withBody = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/list`, { method: 'GET', headers: { 'content-length': '2' } });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end('{}');
    });
    expect(withBody).toBe(299);
    expect(handedOn).toEqual([
      'GET /list',
      'HEAD /list',
      'POST /list',
      'GET /list?x=1',
      'GET /List',
      'GET /assets/b.js',
      'GET /broken',
      'GET /list',
    ]);
  });

  it('answers a read whose answer is still being made once it is, and hands on one whose making failed', async () => {
    handedOn.length = 0;
    lines.length = 0;
    const later = await fetch(`${base}/later`);
    expect(later.status).toBe(200);
    expect(await later.text()).toBe(LIST.body?.toString());
    expect(later.headers.get('x-content-type-options')).toBe('nosniff');
    expect(later.headers.get('content-length')).toBe(String(LIST.body?.length));
    expect((await fetch(`${base}/lost`)).status).toBe(299);
    expect(handedOn).toEqual(['GET /lost']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([expect.objectContaining({ url: '/later', status: 200 })]);
  });

  it('hands everything to Fastify once closed (a stop has begun)', async () => {
    door.close();
    handedOn.length = 0;
    expect((await fetch(`${base}/list`)).status).toBe(299);
    expect(handedOn).toEqual(['GET /list']);
  });
});
