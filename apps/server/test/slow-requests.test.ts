import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken, startTestServer, type TestServer } from '../src/testing.ts';

/**
 * A client that sends its request body a byte at a time holds a connection as long as it likes unless the
 * server sets a deadline; 250 of them stopped the shop. Here the deadline is 2 s (REQUEST_BODY_TIMEOUT_SECONDS)
 * so the test does not wait the real 30.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DEMO_DATA: 'false', REQUEST_BODY_TIMEOUT_SECONDS: '2' });
});
afterAll(async () => server?.stop());

interface Trickle {
  /** Everything the server wrote back, once it closed the connection. */
  closed: Promise<string>;
  stop(): void;
}

/** Declares a 2,000-byte JSON body and sends it one byte every 300 ms (it would take 10 minutes). */
function trickle(path: string): Trickle {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  socket.on('connect', () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{"name":"`,
    );
    timer = setInterval(() => {
      if (!socket.destroyed && sent++ < 2000) socket.write('x');
    }, 300);
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on('error', () => undefined);
  });
  return {
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('a request body that trickles in', () => {
  it('is answered 408 in the envelope and its connection closed at the deadline', async () => {
    const slow = trickle('/api/v1/Contact/InsertUserComment');
    const answer = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('Connection: close');
    expect(answer).toContain(
      '{"success":false,"message":"The request took too long to arrive. Check the connection and try again.","data":null}',
    );
  }, 20_000);

  it('does not stop the shop: 150 of them at once, other customers are served, and all are closed', async () => {
    const slow = Array.from({ length: 150 }, (_, i) =>
      trickle(i % 2 ? '/api/v1/Orders/Submit' : '/trpc/contacts.insert'),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
      const list = await fetch(`${server.url}/api/v1/Products/GetProductsToShow`);
      expect(list.status).toBe(200);
      const answers = await Promise.all(slow.map((s) => s.closed));
      expect(answers.filter((a) => a.startsWith('HTTP/1.1 408 '))).toHaveLength(150);
    } finally {
      for (const s of slow) s.stop();
    }
  }, 30_000);

  it('lets a body that arrives whole, however it is split, through', async () => {
    const { port } = new URL(server.url);
    const body = JSON.stringify({
      name: 'Slow but sure',
      email: 'slow@example.com',
      comments: 'Hi',
      loadTime: 1,
    });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/v1/Contact/InsertUserComment HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
        );
        // Half now, half a second later: well within the deadline.
        socket.write(body.slice(0, 20));
        setTimeout(() => socket.write(body.slice(20)), 1000);
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('the body deadline on a kept-alive connection', () => {
  it('leaves nothing behind on the socket: many requests on one connection add no listener to it', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = JSON.stringify({ firstName: '' });
      for (let i = 0; i < 40; i += 1) {
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request(
            `${server.url}/api/v1/Orders/Submit`,
            {
              method: 'POST',
              agent,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            },
          );
          request.on('error', reject);
          request.end(body);
        });
        expect(status).toBe(400);
      }
      const [socket] = Object.values(agent.freeSockets).flat();
      expect(socket, 'one connection served them all').toBeDefined();
      // Node warns past 10 listeners of one event on one emitter: one a request on the socket would be 40.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      agent.destroy();
      process.off('warning', onWarning);
    }
  });

  it('reads the rest of an upload refused part-way and serves the next request on the same connection', async () => {
    // Refused at its 21st field, before the archive: 4 MB is more than the socket buffers hold, so the
    // client can only finish sending (and a fetch only see the answer) if the server reads on.
    const token = await staffToken(server);
    const boundary = 'nursery-test-boundary';
    const fields = Array.from(
      { length: 21 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="field${i}"\r\n\r\nx\r\n`,
    ).join('');
    const body = Buffer.concat([
      Buffer.from(
        `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.alloc(4_000_000, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (payload: Buffer, type: string) =>
      new Promise<{ status: number; message: string }>((resolve, reject) => {
        const request = http.request(
          `${server.url}/api/v1/RestoreAuth`,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': type,
              'content-length': payload.byteLength,
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                message: (JSON.parse(text) as { message: string }).message,
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    let connections = 0;
    const counted = () => {
      connections += 1;
    };
    server.server.server.on('connection', counted);
    try {
      const refused = await post(body, `multipart/form-data; boundary=${boundary}`);
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(/^The form has more than 20 fields/);
      const started = Date.now();
      const next = await post(Buffer.from('{}'), 'application/json');
      expect(next.status).toBe(400);
      expect(next.message).toBe('Send the file as multipart/form-data in a field named file.');
      expect(connections, 'the same connection served the next request').toBe(1);
      // Not held until the body deadline (2 s here) reset the connection.
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      server.server.server.off('connection', counted);
      agent.destroy();
    }
  });
});
