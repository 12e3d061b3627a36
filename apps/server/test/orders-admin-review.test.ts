import { stockChanges } from '@nursery/db';
import { type AdminOrder, ORDER_STALE, type OrderLine, zonedTimeToInstant } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { insertProduct } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

// A second look at the admin order calls with cases the first tests did not try: hostile values
// from a REST client, two staff at once, and the stock, lookup and lists agreeing after each change.

const TZ = 'America/Chicago';
const clock = zonedTimeToInstant(TZ, 2026, 4, 18, 8, 15);
let server: TestServer;
let token: string;
let fern: number; // Active, $6, 5 counted this season
let sedge: number; // Active, $3, not counted

const customer = { name: 'Rue Fenwick', email: 'rue@example.com', phoneNumber: '555-301-7788' };

function addProduct(name: string, priceCents: number): number {
  return insertProduct(server, name, { productSize: '4 in', tiers: [{ startQuantity: 1, priceCents }] });
}

const save = (body: unknown) => rest<AdminOrder>(server.url, 'PUT', '/api/v1/Orders/Update', { token, body });
const details = (orderId: number) =>
  rest<AdminOrder>(server.url, 'GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`, { token });
const lookup = (orderId: number) =>
  rest<{ total: number; tax: number; products: OrderLine[] }>(
    server.url,
    'GET',
    `/api/v1/Orders/GetOrderById?orderId=${orderId}&phoneNumber=${encodeURIComponent(customer.phoneNumber)}`,
  );
const statusOf = (productId: number) =>
  (
    server.shop.database.sqlite
      .prepare('select product_status as s from products where product_id = ?')
      .get(productId) as { s: number }
  ).s;
const stockAlerts = () =>
  server.shop.database.sqlite.prepare("select * from email_outbox where kind = 'stock-alert'").all() as {
    subject: string;
  }[];

async function stockLeft(productId: number): Promise<number | null> {
  const response = await rest<{ productId: number; calculatedStock: number | null }[]>(
    server.url,
    'GET',
    '/api/v1/Products/GetAllProductsWithStats?includeSpecialOrderProducts=true',
    { token },
  );
  return response.body.data.find((p) => p.productId === productId)?.calculatedStock ?? null;
}

beforeAll(async () => {
  ({ server, token } = await signedInShop(
    { DEMO_DATA: 'false' },
    { now: () => clock },
    { email: 'olive@example.com', name: 'Olive Owner' },
  ));
  fern = addProduct('Maidenhair Fern', 600);
  sedge = addProduct('Pennsylvania Sedge', 300);
  server.shop.db
    .insert(stockChanges)
    .values({ productId: fern, season: 2025, changeInStock: 5, changedByName: 'Olive Owner' })
    .run();
  server.shop.database.sqlite
    .prepare("update settings set value = 'grower@example.com' where name = 'ProductStockEmails'")
    .run();
});
afterAll(async () => server?.stop());

describe('hostile values in Orders/Update', () => {
  it('refuses each with a 400 that names the problem, and stores nothing', async () => {
    const manual = (price: unknown) => ({
      ...customer,
      products: [{ productId: sedge, quantity: 1, isStatic: true, price }],
    });
    const cases: [unknown, string][] = [
      [manual(-5), 'at most two decimals'],
      [manual('-5'), 'at most two decimals'],
      [manual(1e12), 'at most $100,000'],
      [manual(12.345), 'at most two decimals'],
      [manual('twelve'), 'at most two decimals'],
      [manual({ dollars: 5 }), 'at most two decimals'],
      [{ ...customer, products: [{ productId: sedge, quantity: 100001 }] }, 'at most 100000'],
      [{ ...customer, products: [{ productId: sedge, quantity: '3' }] }, 'needs a quantity'],
      [{ ...customer, products: [{ productId: 'sedge', quantity: 1 }] }, 'needs a product id'],
      [{ ...customer, products: 'all of them' }, 'must be a list'],
      [{ ...customer, orderId: 1, version: '1', products: [{ productId: sedge, quantity: 1 }] }, 'version'],
      [{ ...customer, name: 42, products: [{ productId: sedge, quantity: 1 }] }, 'Name must be text.'],
    ];
    for (const [body, message] of cases) {
      const response = await save(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toContain(message);
    }
    const count = server.shop.database.sqlite.prepare('select count(*) as n from orders').get() as {
      n: number;
    };
    expect(count.n).toBe(0);
  });

  it('keeps HTML in comments as text, the same in the admin answer and the public lookup', async () => {
    const comments = '<img src=x onerror="alert(1)"> & <b>call first</b>';
    const created = await save({ ...customer, comments, products: [{ productId: sedge, quantity: 2 }] });
    expect(created.status).toBe(200);
    expect(created.body.data.comments).toBe(comments);
    expect((await details(created.body.data.orderId)).body.data.comments).toBe(comments);
  });

  it('answers 400 for a season that is not a year, and every order for -1', async () => {
    for (const season of ['abc', '99999', '2024.5', '']) {
      const response = await rest(
        server.url,
        'GET',
        `/api/v1/Orders/GetAllOrdersForSeason?season=${season}`,
        { token },
      );
      expect(response.status, season).toBe(400);
      expect(response.body.message).toContain('The season must be a starting year');
    }
    const all = await rest<unknown[]>(server.url, 'GET', '/api/v1/Orders/GetAllOrdersForSeason?season=-1', {
      token,
    });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(0);
  });
});

describe('two staff on one order', () => {
  it('lets the first save win and answers the second with 409, leaving the first one whole', async () => {
    const created = await save({ ...customer, products: [{ productId: sedge, quantity: 1 }] });
    const { orderId, version } = created.body.data;
    const first = await save({
      ...customer,
      orderId,
      version,
      comments: 'Olive: pick up Friday',
      products: [{ productId: sedge, quantity: 4 }],
    });
    expect(first.status).toBe(200);
    const second = await save({
      ...customer,
      orderId,
      version,
      comments: 'Sam: pick up Monday',
      products: [{ productId: sedge, quantity: 9 }],
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ORDER_STALE);
    const now = (await details(orderId)).body.data;
    expect(now.comments).toBe('Olive: pick up Friday');
    expect(now.products.map((l) => l.quantity)).toEqual([4]);
  });
});

describe('stock, lookup and lists agree after every change', () => {
  let orderId: number;

  it('edits a quantity: the stock figure and the public order follow', async () => {
    const created = await save({ ...customer, products: [{ productId: fern, quantity: 2 }] });
    orderId = created.body.data.orderId;
    expect(await stockLeft(fern)).toBe(3);
    const edited = await save({
      ...customer,
      orderId,
      version: created.body.data.version,
      products: [{ productId: fern, quantity: 3 }],
    });
    expect(edited.status).toBe(200);
    expect(await stockLeft(fern)).toBe(2);
    const publicView = await lookup(orderId);
    expect(publicView.body.data.total).toBe(edited.body.data.total);
    expect(publicView.body.data.products[0]?.quantity).toBe(3);
  });

  it('makes a tax exempt order cost the same in the admin, the lists and the public view', async () => {
    const flags = await rest<AdminOrder>(server.url, 'PUT', '/api/v1/Orders/Update/Flags', {
      token,
      body: { orderId, isTaxExempt: true },
    });
    expect(flags.body.data.tax).toBe(0);
    expect(flags.body.data.total).toBe(18);
    expect((await lookup(orderId)).body.data.total).toBe(18);
    const list = await rest<{ orderId: number; totalPrice: number; isTaxExempt: boolean }[]>(
      server.url,
      'GET',
      '/api/v1/Orders/GetAllOrdersForSeason?season=2025',
      { token },
    );
    expect(list.body.data.find((o) => o.orderId === orderId)).toMatchObject({
      totalPrice: 18,
      isTaxExempt: true,
    });
  });

  it('does not sell out a product whose quantity an unrelated edit left alone', async () => {
    // Staff counted the last two by hand and keep selling them as Active: fixing a comment on an
    // order that already holds some must not flip the product to Sold Out behind their back.
    server.shop.db
      .insert(stockChanges)
      .values({ productId: fern, season: 2025, changeInStock: -2, changedByName: 'Olive Owner' })
      .run();
    expect(await stockLeft(fern)).toBe(0);
    const { version } = (await details(orderId)).body.data;
    const edited = await save({
      ...customer,
      orderId,
      version,
      isTaxExempt: true,
      comments: 'Leave by the shed',
      products: [{ productId: fern, quantity: 3 }],
    });
    expect(edited.status).toBe(200);
    expect(statusOf(fern)).toBe(2);
    expect(stockAlerts()).toHaveLength(0);
    server.shop.db
      .insert(stockChanges)
      .values({ productId: fern, season: 2025, changeInStock: 2, changedByName: 'Olive Owner' })
      .run();
  });

  it('restoring an order that takes the last of a product sells it out and tells the stock list', async () => {
    await rest(server.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${orderId}`, { token });
    expect(await stockLeft(fern)).toBe(5);
    expect((await lookup(orderId)).status).toBe(404);
    // Meanwhile a walk-in customer buys two, leaving exactly what the deleted order held.
    const walkIn = await save({ ...customer, name: 'Walk In', products: [{ productId: fern, quantity: 2 }] });
    expect(walkIn.status).toBe(200);
    expect(statusOf(fern)).toBe(2);

    const restored = await rest(server.url, 'DELETE', `/api/v1/Orders/RestoreOrder?orderId=${orderId}`, {
      token,
    });
    expect(restored.status).toBe(200);
    expect(await stockLeft(fern)).toBe(0);
    expect((await lookup(orderId)).status).toBe(200);
    expect(statusOf(fern)).toBe(3);
    expect(stockAlerts().map((m) => m.subject)).toEqual(['Sold out: Maidenhair Fern - 4 in']);
  });
});
