import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../src/testing.ts';

/**
 * A stop (SIGTERM on a host, every test's afterAll) lets requests in flight finish, but never waits on a client
 * for ever: past its grace it closes what is left, then closes the database as usual.
 */
describe('stopping the server', () => {
  it('closes a stalled request after the grace instead of waiting for it, and still closes the database', async () => {
    const lines: string[] = [];
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-stop-'));
    const server = await startTestServer(
      // The body deadline is far past the grace: only the grace can end this request in time.
      { LOG_LEVEL: 'info', REQUEST_BODY_TIMEOUT_SECONDS: '120' },
      { dataDir, stopGraceMs: 300, logStream: { write: (line) => lines.push(line) } },
    );
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // An order whose body never finishes arriving: the request is in flight, not an idle keep-alive.
    socket.write(
      'POST /api/v1/Orders/Submit HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"firstName":',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    await server.stop();
    await closed;
    expect(lines.some((l) => l.includes('requests still in flight 0.3 s after the stop began'))).toBe(true);

    // The database was closed and the data folder let go: the next server opens it.
    const next = await startTestServer({}, { dataDir });
    const health = await fetch(`${next.url}/health`);
    expect(health.status).toBe(200);
    await next.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 20_000);
});
