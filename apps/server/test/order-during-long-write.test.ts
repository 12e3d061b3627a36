import { NEW_SEASON_UNDER_WAY, withServerConnectionHeld } from '@nursery/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { openForOrders, placeOrder, type ShownProduct, submitOrder } from './support/orders.ts';

/** The order writer's connection waits this long for the write lock (packages/db's busy_timeout), then gives up. */
const WRITER_WAITS_MS = 5_000;

let server: TestServer;
let product: ShownProduct;

beforeAll(async () => {
  server = await startTestServer();
  product = await openForOrders(server);
  // A lone order is written on the server's thread: the order during the long write is the one that starts
  // the order writer's.
  await placeOrder(server, [{ productId: product.productId, quantity: 1 }]);
});

afterAll(async () => {
  await server?.stop();
});

describe('an order placed while a new season holds the database', () => {
  it('is placed once the season is written, even when that took longer than the order writer waits', async () => {
    const sqlite = server.shop.database.sqlite;
    const before = sqlite.prepare('select count(*) from orders').pluck().get() as number;
    expect(server.shop.orderWriter?.running).toBe(false);
    let placing: ReturnType<typeof submitOrder<{ orderId: number }>> | undefined;
    // A new season on a large catalogue on a busy machine: its one transaction open past the writer's wait.
    await withServerConnectionHeld(server.shop, NEW_SEASON_UNDER_WAY, async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        placing = submitOrder(server, [{ productId: product.productId, quantity: 2 }]);
        await new Promise((resolve) => setTimeout(resolve, WRITER_WAITS_MS + 1_000));
      } finally {
        sqlite.exec('COMMIT');
      }
    });
    const placed = await placing;
    expect(placed?.status, JSON.stringify(placed?.body)).toBe(200);
    // Not on the server's connection, which was inside the season's transaction.
    expect(server.shop.orderWriter?.running).toBe(true);
    const orderId = placed?.body.data.orderId;
    expect(sqlite.prepare('select count(*) from orders').pluck().get()).toBe(before + 1);
    expect(
      sqlite.prepare('select quantity from order_lines where order_id = ?').pluck().all(orderId),
    ).toEqual([2]);
  }, 30_000);
});
