import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NEW_SEASON_UNDER_WAY, withServerConnectionHeld } from '@nursery/api';
import {
  IDEMPOTENCY_KEY_IN_USE,
  IDEMPOTENCY_KEY_MALFORMED,
  IDEMPOTENCY_KEY_REUSED,
} from '@nursery/api/idempotency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, startTestServer, type TestServer } from '../src/testing.ts';
import { customer, saveOrderableProduct } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

/**
 * Retries that never make a second order: a create sent with an Idempotency-Key is answered once, and the
 * same key with the same body gets that first answer, also after a cut connection and a restart.
 */

interface Placed {
  orderId: number;
  order: { orderId: number; products: { productId: number; quantity: number }[] };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-idempotency-'));
const ENV = { DEMO_DATA: 'false', ORDERS_PER_CLIENT_PER_HOUR: '0' };

describe('Idempotency-Key on creates', () => {
  let server: TestServer;
  let token: string;
  let productId: number;

  const orderCount = () =>
    server.shop.database.sqlite.prepare('select count(*) from orders').pluck().get() as number;
  const order = (quantity = 1) => ({
    ...customer,
    orderProductXrefs: [{ productId, quantity }],
  });
  const submit = (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/Orders/Submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}), ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ server, token } = await signedInShop(
      ENV,
      { dataDir },
      { email: 'pat@example.com', name: 'Pat Planner' },
    ));
    productId = await saveOrderableProduct(server, token);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a retry after a cut connection gets the order the server wrote, not a second one', async () => {
    const before = orderCount();
    const body = JSON.stringify(order(2));
    // The request goes out whole, and the connection is cut before the answer comes back.
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.end(
      [
        'POST /api/v1/Orders/Submit HTTP/1.1',
        `Host: 127.0.0.1`,
        'Content-Type: application/json',
        'Idempotency-Key: checkout-cut-1',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n'),
    );
    socket.destroy();
    // The server wrote it all the same.
    for (let i = 0; i < 100 && orderCount() === before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(orderCount()).toBe(before + 1);
    const written = server.shop.database.sqlite
      .prepare('select max(order_id) from orders')
      .pluck()
      .get() as number;

    const retry = await submit('checkout-cut-1', order(2));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const answer = (await retry.json()) as { success: boolean; data: Placed };
    expect(answer.success).toBe(true);
    expect(answer.data.orderId).toBe(written);
    expect(answer.data.order.products).toEqual([expect.objectContaining({ productId, quantity: 2 })]);
    expect(orderCount()).toBe(before + 1);
  });

  it('the same key answers the same bytes, and the same key with another body is refused with 422', async () => {
    const before = orderCount();
    const first = await submit('checkout-2', order(1));
    const firstText = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The draft's form of the header, a quoted string, names the same key.
    const again = await submit('"checkout-2"', order(1));
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstText);

    const other = await submit('checkout-2', order(3));
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ success: false, message: IDEMPOTENCY_KEY_REUSED, data: null });
    expect(orderCount()).toBe(before + 1);
  });

  it('the same key sent again while the first is under way gets 409, and one order is made', async () => {
    const before = orderCount();
    const sqlite = server.shop.database.sqlite;
    // A new season holding the database keeps the first submit under way: its order waits for the season's
    // commit, while the others with its key are answered at once.
    let answers: Response[] = [];
    await withServerConnectionHeld(server.shop, NEW_SEASON_UNDER_WAY, async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        let answered = 0;
        const sent = Array.from({ length: 6 }, () =>
          submit('checkout-3', order(1)).finally(() => {
            answered += 1;
          }),
        );
        await expect.poll(() => answered, { timeout: 10_000 }).toBe(5);
        sqlite.exec('COMMIT');
        answers = await Promise.all(sent);
      } finally {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      }
    });
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const bodies = await Promise.all(
      answers.map((a) => a.json() as Promise<{ data: Placed; message: string }>),
    );
    const conflicts = bodies.filter((_, i) => statuses[i] === 409);
    expect(conflicts.length).toBe(5);
    for (const refused of conflicts) expect(refused.message).toBe(IDEMPOTENCY_KEY_IN_USE);
    // When to ask again, for a program retrying after a cut connection.
    for (const [i, answer] of answers.entries()) {
      if (statuses[i] === 409) expect(answer.headers.get('retry-after')).toBe('1');
    }
    const placed = new Set(bodies.filter((_, i) => statuses[i] === 200).map((b) => b.data.orderId));
    expect(placed.size).toBe(1);
    expect(orderCount()).toBe(before + 1);
    // Once the first is answered, a retry gets its order.
    const retry = (await (await submit('checkout-3', order(1))).json()) as { data: Placed };
    expect(placed.has(retry.data.orderId)).toBe(true);
  });

  it("keys are the caller's own: a staff token's key does not read a visitor's answer", async () => {
    const visitor = (await (await submit('shared-key', order(1))).json()) as { data: Placed };
    const staff = await submit('shared-key', order(1), { authorization: `Bearer ${token}` });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('idempotent-replayed')).toBeNull();
    const staffOrder = (await staff.json()) as { data: Placed };
    expect(staffOrder.data.orderId).not.toBe(visitor.data.orderId);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const before = orderCount();
    const refused = await submit('has a space', order(1));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(IDEMPOTENCY_KEY_MALFORMED);
    expect(orderCount()).toBe(before);
  });

  it("the tRPC submit takes the same header and answers the REST call's order", async () => {
    const first = (await (await submit('checkout-trpc', order(1))).json()) as { data: Placed };
    const twin = await fetch(`${server.url}/trpc/orders.submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'checkout-trpc' },
      body: JSON.stringify(order(1)),
    });
    expect(twin.status).toBe(200);
    const answer = (await twin.json()) as { result: { data: Placed } };
    expect(answer.result.data.orderId).toBe(first.data.orderId);
  });

  it('a staff order created over Orders/Update with a key is created once', async () => {
    const before = orderCount();
    const staffOrder = {
      firstName: 'Robin',
      lastName: 'Meadows',
      email: 'robin@example.com',
      phoneNumber: '608-555-0142',
      products: [{ productId, quantity: 4 }],
    };
    const put = (body: unknown) =>
      rest<{ orderId: number; version: number }>(server.url, 'PUT', '/api/v1/Orders/Update', {
        token,
        body,
        headers: { 'idempotency-key': 'phone-order-7' },
      });
    const first = await put(staffOrder);
    expect(first.status).toBe(200);
    const retry = await put(staffOrder);
    expect(retry).toEqual(first);
    expect(orderCount()).toBe(before + 1);
    const changed = await put({ ...staffOrder, products: [{ productId, quantity: 5 }] });
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe(IDEMPOTENCY_KEY_REUSED);
    // Kept in the order's own transaction: the row is there with the order.
    const kept = server.shop.database.sqlite
      .prepare("select operation, status from idempotency_keys where key = 'phone-order-7'")
      .get();
    expect(kept).toEqual({ operation: 'orders.update', status: 200 });
  });

  it('other creates take a key too: a stock change sent twice is counted once', async () => {
    const change = { productId, changeInStock: 1000, notes: 'Spring delivery' };
    const send = () =>
      rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
        token,
        body: [change],
        headers: { 'idempotency-key': 'delivery-2026-04-02' },
      });
    const stockRows = () =>
      server.shop.database.sqlite
        .prepare('select count(*) from stock_changes where product_id = ?')
        .pluck()
        .get(productId) as number;
    const before = stockRows();
    const first = await send();
    expect(first.status).toBe(200);
    expect(await send()).toEqual(first);
    expect(stockRows()).toBe(before + 1);
  });

  it('a kept answer outlives a restart of the shop', async () => {
    const placed = (await (await submit('checkout-restart', order(1))).json()) as { data: Placed };
    await server.stop();
    server = await startTestServer(ENV, { dataDir });
    const before = orderCount();
    const retry = await submit('checkout-restart', order(1));
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { data: Placed }).data.orderId).toBe(placed.data.orderId);
    expect(orderCount()).toBe(before);
  });
});
