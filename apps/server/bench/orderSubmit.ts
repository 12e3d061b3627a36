import { rmSync } from 'node:fs';
import path from 'node:path';
import { createCaller, loadConfig } from '@nursery/api';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import { z } from 'zod';
import { createServer } from '../src/createServer.ts';
import { freePort } from '../src/testing.ts';
import { args, fmt, load, ROUNDS, type Running, record, say, tempDir } from './common.ts';

// `pnpm bench --only=orders` without wrk: durable orders per second through HTTP against the same transaction
// in-process (autocannon), and the order lines every order scenario places.

export const benchCustomer = {
  firstName: 'Bench',
  lastName: 'Mark',
  name: 'Bench Mark',
  email: 'bench@example.com',
  confirmEmail: 'bench@example.com',
  phoneNumber: '5553104477',
  workPhoneNumber: '',
  comments: 'Load test order',
};

export const shownProduct = z.object({
  productId: z.number(),
  productStatus: z.number(),
  isStockTracked: z.boolean(),
});

export async function orderLines(url: string): Promise<{ productId: number; quantity: number }[]> {
  const list = z
    .object({ data: z.array(shownProduct.passthrough()) })
    .parse(await (await fetch(`${url}/api/v1/Products/GetProductsToShow`)).json());
  const free = list.data.filter((p) => (p.productStatus === 2 || p.productStatus === 7) && !p.isStockTracked);
  if (free.length < 3) throw new Error('the demo catalogue has fewer than 3 freely orderable products');
  return free.slice(0, 3).map((p, i) => ({ productId: p.productId, quantity: i + 1 }));
}

export async function orderSubmit(release: Running): Promise<void> {
  say(`\nOrder submit: POST /api/v1/Orders/Submit with 3 lines, 50 connections, ${args.seconds} s`);
  const lines = await orderLines(release.url);
  const body = JSON.stringify({ ...benchCustomer, orderProductXrefs: lines });
  const acknowledged: number[] = [];
  const submitRequest = {
    method: 'POST' as const,
    path: '/api/v1/Orders/Submit',
    headers: { 'content-type': 'application/json' },
    body,
    onResponse: (status: number, responseBody: string) => {
      if (status !== 200) return;
      const id = /"orderId":(\d+)/.exec(responseBody)?.[1];
      if (id) acknowledged.push(Number(id));
    },
  };

  // The anchor: the same submit (validation, transaction, synchronous=FULL) called in-process, one after
  // another, on its own database; it runs in slices between the HTTP slices, so other load falls on both.
  const anchorDir = tempDir('orders-anchor');
  const anchorPort = await freePort();
  const config = loadConfig({ PORT: String(anchorPort), DATA_DIR: anchorDir, LOG_LEVEL: 'silent' });
  const inProcess = await createServer({ config, webRoot: null });
  const caller = createCaller({
    shop: inProcess.shop,
    caller: { kind: 'anonymous' },
    staff: null,
    clientIp: '127.0.0.1',
    requestId: 'bench',
  });
  const input = JSON.parse(body) as Parameters<typeof caller.orders.submit>[0];

  const slice = Math.max(1, Math.round(args.seconds / ROUNDS));
  let httpSeconds = 0;
  let failures = 0;
  let anchorCount = 0;
  let anchorMs = 0;
  const p99s: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const result = await load(`${release.url}/api/v1/Orders/Submit`, {
      // A customer's browser waits longer than autocannon's default 10 s before giving up on a checkout.
      timeout: 30,
      duration: slice,
      // No accept-encoding: the order id is read from the answer's text.
      headers: { 'content-type': 'application/json' },
      requests: [submitRequest],
    });
    httpSeconds += result.duration;
    failures += result.errors + result.non2xx + result.timeouts;
    p99s.push(result.latency.p99);
    const started = performance.now();
    while (performance.now() - started < slice * 1000) {
      await caller.orders.submit(input);
      anchorCount += 1;
    }
    anchorMs += performance.now() - started;
  }
  await inProcess.stop();
  rmSync(anchorDir, { recursive: true, force: true });
  const anchorRate = anchorCount / (anchorMs / 1000);

  // Read every acknowledged order back from the database file, with its three lines.
  const database = openDatabase(path.join(release.dataDir, DATABASE_FILE_NAME));
  let missing = 0;
  try {
    const linesOf = database.sqlite.prepare(
      'select count(*) as n from order_lines l join orders o on o.order_id = l.order_id where o.order_id = ?',
    );
    for (const id of acknowledged) {
      const row = linesOf.get(id) as { n: number } | undefined;
      if (row?.n !== 3) missing += 1;
    }
  } finally {
    database.close();
  }

  const rate = acknowledged.length / httpSeconds;
  const result = {
    latency: { p99: [...p99s].sort((a, b) => a - b)[Math.floor(p99s.length / 2)] ?? Number.NaN },
  };
  const r = rate / anchorRate;
  record({
    section: 'Order submit',
    name: 'durable orders/s (3 lines, HTTP, 50 connections)',
    value: fmt(rate),
    anchor: fmt(anchorRate),
    ratio: r.toFixed(2),
    goal: '>= 1,000/s, ratio >= 0.5',
    met: rate >= 1000 && r >= 0.5,
  });
  record({
    section: 'Order submit',
    name: 'errors; acknowledged orders missing afterwards',
    value: `${failures}; ${missing}`,
    anchor: '0; 0',
    ratio: '-',
    goal: '0 and 0',
    met: failures === 0 && missing === 0,
  });
  say(`  ${fmt(acknowledged.length)} orders acknowledged and read back; p99 ${result.latency.p99} ms`);
}
