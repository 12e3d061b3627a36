import { createCaller } from '@nursery/api';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { customer, openForOrders, placeOrder, type ShownProduct } from './support/orders.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function openShop(): Promise<{ shop: TestServer; product: ShownProduct }> {
  const shop = await startTestServer();
  server = shop;
  return { shop, product: await openForOrders(shop) };
}

function orderCount(shop: TestServer): number {
  return shop.shop.database.sqlite.prepare('select count(*) from orders').pluck().get() as number;
}

describe('where a storefront order is written', () => {
  it('writes orders that come one at a time on the server thread, without starting the order writer', async () => {
    const { shop, product } = await openShop();
    const before = orderCount(shop);
    for (let i = 0; i < 3; i += 1) {
      await placeOrder(shop, [{ productId: product.productId, quantity: i + 1 }]);
    }
    expect(orderCount(shop)).toBe(before + 3);
    expect(shop.shop.orderWriter?.running).toBe(false);
  });

  it('starts the order writer for orders that come together, and writes each of them once', async () => {
    const { shop, product } = await openShop();
    const before = orderCount(shop);
    const visitor = createCaller({
      shop: shop.shop,
      caller: { kind: 'anonymous' },
      staff: null,
      clientIp: '127.0.0.1',
      requestId: 'together',
    });
    // Six checkouts in the same turn of the event loop, as a busy morning's requests are read together.
    const placed = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        visitor.orders.submit({
          ...customer,
          lastName: `Together ${i}`,
          orderProductXrefs: [{ productId: product.productId, quantity: 1 }],
        }),
      ),
    );
    const ids = placed.map((answer) => answer.orderId);
    expect(new Set(ids).size).toBe(6);
    expect(orderCount(shop)).toBe(before + 6);
    expect(shop.shop.orderWriter?.running).toBe(true);

    // Once running, the thread takes the next order too, even one that comes alone.
    await placeOrder(shop, [{ productId: product.productId, quantity: 2 }]);
    expect(orderCount(shop)).toBe(before + 7);
    expect(shop.shop.orderWriter?.running).toBe(true);
    const names = shop.shop.database.sqlite
      .prepare("select last_name from orders where last_name like 'Together %' order by last_name")
      .pluck()
      .all();
    expect(names).toEqual(Array.from({ length: 6 }, (_, i) => `Together ${i}`));
  }, 30_000);
});
