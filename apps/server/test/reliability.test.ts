import path from 'node:path';
import { DATABASE_FILE_NAME, openDatabase, type Sqlite } from '@nursery/db';
import { onlyNLeft, productNotOrderable } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { childServerFolder } from './support/childServer.ts';
import {
  customer,
  expectedTotals,
  freelyOrderable,
  type ShownProduct,
  saveOrderableProduct,
  submitOrder,
  unitCents,
} from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

/**
 * The two promises a shop's owner cares most about: an order the customer saw confirmed is never lost
 * or half-kept, even when the machine dies mid-sentence; and a plant in short supply is never sold twice.
 */

interface PlacedOrder {
  orderId: number;
  order: {
    subtotal: number;
    tax: number;
    total: number;
    products: { productId: number; quantity: number }[];
  };
}

interface Sent {
  lines: { productId: number; quantity: number; unitCents: number }[];
  status?: number;
  placed?: PlacedOrder;
  failure?: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Orders whose lines do not add up, lines without an order, orders without lines: all must be empty. */
function partialOrders(sqlite: Sqlite) {
  return {
    withoutLines: sqlite
      .prepare(
        'select order_id from orders o where not exists (select 1 from order_lines l where l.order_id = o.order_id)',
      )
      .all(),
    orphanLines: sqlite
      .prepare(
        'select order_product_xref_id from order_lines l where not exists (select 1 from orders o where o.order_id = l.order_id)',
      )
      .all(),
    badLines: sqlite
      .prepare(
        `select order_product_xref_id from order_lines
         where subtotal_cents != unit_price_cents * quantity or total_cents != subtotal_cents + tax_cents`,
      )
      .all(),
    badTotals: sqlite
      .prepare(
        `select o.order_id from orders o join (
           select order_id, sum(subtotal_cents) s, sum(tax_cents) t, sum(total_cents) g,
                  sum(quantity) q, count(*) n
           from order_lines group by order_id
         ) l on l.order_id = o.order_id
         where o.subtotal_cents != l.s or o.tax_cents != l.t or o.total_cents != l.g
            or o.total_quantity != l.q or o.num_items != l.n`,
      )
      .all(),
  };
}

describe('crash safety', () => {
  const { dataDir, spawn } = childServerFolder('nursery-crash-');

  it('keeps every acknowledged order whole, and no partial one, when the server is killed mid-burst', async () => {
    // 200 orders from this one test client: more than the hourly budget a real client gets.
    const env = { DEMO_DATA: 'true', ORDERS_PER_CLIENT_PER_HOUR: '1000' };
    const first = await spawn({ env });
    const shown = await rest<ShownProduct[]>(first.url, 'GET', '/api/v1/Products/GetProductsToShow');
    const products = freelyOrderable(shown.body.data);
    expect(products.length).toBeGreaterThanOrEqual(3);

    const before = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
    const { lastBefore } = before.sqlite
      .prepare('select coalesce(max(order_id), 0) as lastBefore from orders')
      .get() as { lastBefore: number };
    before.close();

    const ORDERS = 200;
    // Kill once a few dozen are confirmed: the rest are then queued, half-read or mid-transaction.
    const KILL_AFTER = 40;
    const sent: Sent[] = Array.from({ length: ORDERS }, (_, i) => ({
      lines: [0, 1, 2].map((k) => {
        const product = products[(i * 3 + k) % products.length] as ShownProduct;
        const quantity = 1 + ((i + k) % 4);
        return { productId: product.productId, quantity, unitCents: unitCents(product, quantity) };
      }),
    }));
    let acknowledged = 0;
    let killing: Promise<void> | undefined;
    const submit = async (order: Sent) => {
      try {
        const response = await fetch(`${first.url}/api/v1/Orders/Submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...customer,
            orderProductXrefs: order.lines.map(({ productId, quantity }) => ({ productId, quantity })),
          }),
        });
        const envelope = (await response.json()) as { data: PlacedOrder };
        order.status = response.status;
        if (response.status === 200) {
          order.placed = envelope.data;
          acknowledged++;
          if (acknowledged === KILL_AFTER) killing = first.kill('SIGKILL');
        }
      } catch (error) {
        order.failure = String(error);
      }
    };
    // At most IN_FLIGHT at a time, so orders are still being sent, read and written when the kill lands:
    // all 200 sent at once could be read before the first commit and acknowledged together, before it.
    const IN_FLIGHT = 20;
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < sent.length) await submit(sent[next++] as Sent);
      }),
    );
    await killing;
    expect(first.process.signalCode, first.output()).toBe('SIGKILL');

    const confirmed = sent.filter((o) => o.placed);
    // The kill really landed mid-burst: some were confirmed, some never were.
    expect(confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(sent.filter((o) => o.failure).length).toBeGreaterThan(0);
    // Nothing but a confirmation or a dropped connection: no request was refused.
    expect(sent.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);

    const second = await spawn({ env });
    const reopened = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
    try {
      const { sqlite } = reopened;
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      expect(partialOrders(sqlite)).toEqual({
        withoutLines: [],
        orphanLines: [],
        badLines: [],
        badTotals: [],
      });

      const orderRow = sqlite.prepare(
        'select subtotal_cents s, tax_cents t, total_cents g from orders where order_id = ?',
      );
      const lineRows = sqlite.prepare(
        'select product_id productId, quantity, unit_price_cents unitCents from order_lines where order_id = ? order by product_id',
      );
      for (const order of confirmed) {
        const placed = order.placed as PlacedOrder;
        const expected = expectedTotals(order.lines);
        expect(orderRow.get(placed.orderId), `order ${placed.orderId}`).toEqual({
          s: expected.subtotal,
          t: expected.tax,
          g: expected.total,
        });
        expect(lineRows.all(placed.orderId)).toEqual(
          [...order.lines].sort((a, b) => a.productId - b.productId),
        );
        expect([cents(placed.order.subtotal), cents(placed.order.tax), cents(placed.order.total)]).toEqual([
          expected.subtotal,
          expected.tax,
          expected.total,
        ]);
      }
      // Orders whose answer was lost with the connection may or may not have been kept, but never more
      // than were sent, and each one kept is whole (checked above for every order in the database).
      const { added } = sqlite
        .prepare('select count(*) as added from orders where order_id > ?')
        .get(lastBefore) as { added: number };
      expect(added).toBeGreaterThanOrEqual(confirmed.length);
      expect(added).toBeLessThanOrEqual(ORDERS);
    } finally {
      reopened.close();
    }

    // The restarted shop serves the confirmed orders to their customers.
    for (const order of confirmed.slice(0, 5)) {
      const placed = order.placed as PlacedOrder;
      const lookup = await rest<{ orderId: number; total: number }>(
        second.url,
        'GET',
        `/api/v1/Orders/GetOrderById?orderId=${placed.orderId}&phoneNumber=5553104477`,
      );
      expect(lookup.status).toBe(200);
      expect(lookup.body.data.total).toBe(placed.order.total);
    }
    await second.kill('SIGTERM');
    expect(second.process.exitCode, second.output()).toBe(0);
  }, 120_000);
});

describe('no overselling', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await signedInShop(
      { DEMO_DATA: 'false', ORDERS_PER_CLIENT_PER_HOUR: '1000' },
      {},
      { email: 'stella@example.com', name: 'Stella Stock' },
    ));
  });
  afterAll(async () => server?.stop());

  it('sells exactly the 10 units in stock to 100 customers ordering at once', async () => {
    const productId = await saveOrderableProduct(server, token);
    const stocked = await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId, changeInStock: 10, notes: 'Ten from the grower' }],
    });
    expect(stocked.status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        submitOrder<PlacedOrder>(server, [{ productId, quantity: 1 }], {
          ...customer,
          email: `customer${i}@example.com`,
          confirmEmail: `customer${i}@example.com`,
        }),
      ),
    );
    const sold = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(sold).toHaveLength(10);
    expect(refused).toHaveLength(90);
    // Refused while units remained would say how many; once sold out the product is no longer orderable.
    const allowed = new Set([
      ...Array.from({ length: 10 }, (_, n) => onlyNLeft(n, 'Serviceberry')),
      productNotOrderable('Serviceberry'),
    ]);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(allowed.has(answer.body.message), answer.body.message).toBe(true);
    }
    expect(new Set(sold.map((a) => a.body.data.orderId)).size).toBe(10);

    const stats = await rest<
      { productId: number; productStatus: number; numSold: number; calculatedStock: number | null }[]
    >(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', { token });
    expect(stats.body.data.find((p) => p.productId === productId)).toMatchObject({
      productStatus: 3,
      numSold: 10,
      calculatedStock: 0,
    });
    const { quantity } = server.shop.database.sqlite
      .prepare('select sum(quantity) as quantity from order_lines where product_id = ?')
      .get(productId) as { quantity: number };
    expect(quantity).toBe(10);
  }, 60_000);
});
