import { describe, expect, it } from 'vitest';
import { rest } from '../src/testing.ts';
import { childServerFolder, childStaffToken } from './support/childServer.ts';
import { customer, freelyOrderable, type ShownProduct, submitOrder } from './support/orders.ts';

/**
 * The shop runs on a supported Node (22 or 24). better-sqlite3 12 aborted the whole process on Node 24 as soon
 * as the collector freed a prepared statement (`Assertion failed: (env) != nullptr`), seconds into a busy
 * morning: a burst of orders leaves thousands of statements to collect, and a full collection must find the
 * shop still standing.
 */

const INSPECTOR_URL = /Debugger listening on (ws:\/\/\S+)/;

/** Asks the server's V8 for a full garbage collection through the inspector, as a busy heap would get one. */
async function collectGarbage(inspectorUrl: string): Promise<void> {
  const socket = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach ${inspectorUrl}`)), { once: true });
  });
  try {
    for (let id = 1; id <= 2; id++) {
      const answered = new Promise<void>((resolve, reject) => {
        socket.addEventListener('message', function onMessage(event) {
          const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
          if (message.id !== id) return;
          socket.removeEventListener('message', onMessage);
          if (message.error) reject(new Error(message.error.message));
          else resolve();
        });
      });
      socket.send(JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' }));
      await answered;
    }
  } finally {
    socket.close();
  }
}

describe('a supported Node', () => {
  const { spawn } = childServerFolder('nursery-runtime-');

  it('runs on Node 22 or later', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });

  it('stays up through a burst of orders and a full garbage collection', async () => {
    const running = await spawn({ env: { DEMO_DATA: 'true' }, nodeArgs: ['--inspect=127.0.0.1:0'] });
    const inspectorUrl = INSPECTOR_URL.exec(running.output())?.[1];
    expect(inspectorUrl, running.output()).toBeDefined();

    const shown = await rest<ShownProduct[]>(running.url, 'GET', '/api/v1/Products/GetProductsToShow');
    const products = freelyOrderable(shown.body.data);
    expect(products.length).toBeGreaterThanOrEqual(3);

    const submit = (i: number) =>
      submitOrder(
        running,
        [0, 1, 2].map((k) => ({
          productId: (products[(i * 3 + k) % products.length] as ShownProduct).productId,
          quantity: 1 + ((i + k) % 3),
        })),
        customer,
      );
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => submit(i)));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
    // Staff reads prepare statements of their own and leave them for the collector too.
    const token = await childStaffToken(running, 'runtime@example.com', 'Runtime Check');
    const reads = await Promise.all(
      burst.map((r) =>
        rest(running.url, 'GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${r.body.data.orderId}`, {
          token,
        }),
      ),
    );
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));

    await collectGarbage(inspectorUrl as string);
    // The collector's finalizers run after the collection: give them a moment to abort, as they did.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await collectGarbage(inspectorUrl as string);

    expect(running.process.exitCode, running.output()).toBeNull();
    expect(running.process.signalCode, running.output()).toBeNull();
    const health = await fetch(`${running.url}/health`);
    expect(health.status).toBe(200);
    const after = await submit(999);
    expect(after.status).toBe(200);
    expect(after.body.data.orderId).toBeGreaterThan(Math.max(...burst.map((r) => r.body.data.orderId)));
  }, 120_000);
});
