import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';
import { saveProduct } from './support/orders.ts';

interface StockProduct {
  productId: number;
  name: string;
  productStatus: number;
  currentStock: number;
  calculatedStock: number | null;
  isStockTracked: boolean;
}
interface HistoryEntry {
  productQuantityId: number;
  productId: number;
  changeInStock: number;
  fullName: string;
  createdTimestamp: string;
  createdTimestampMinutesHoursDaysAgo: string;
  notes: string | null;
}
interface StockAnswer {
  products: StockProduct[];
  productQuantities: HistoryEntry[];
}

let server: TestServer;
let token: string;
// A fixed clock in the 2025-26 season, moved forward by each call so history order is unambiguous.
let clock = Date.UTC(2025, 10, 3, 15, 0, 0);

function newProduct(name: string): Promise<number> {
  return saveProduct(server, token, { name, prices: [{ startQuantity: 1, endQuantity: null, price: 3 }] });
}

function record(updates: unknown) {
  return rest<StockAnswer>(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
    token,
    body: updates,
  });
}

function history(productId: number) {
  return rest<HistoryEntry[]>(
    server.url,
    'GET',
    `/api/v1/Products/GetProductQuantityHistory?productId=${productId}`,
    { token },
  );
}

function outbox(): { to: string; subject: string; text: string }[] {
  return server.shop.database.sqlite
    .prepare(
      "select to_address as 'to', subject, text_body as text from email_outbox where kind = 'stock-alert'",
    )
    .all() as { to: string; subject: string; text: string }[];
}

beforeAll(async () => {
  server = await startTestServer(
    { DEMO_DATA: 'false' },
    {
      now: () => {
        clock += 1000;
        return new Date(clock);
      },
    },
  );
  token = await staffToken(server, { email: 'stock@example.com', name: 'Stella Stock' });
});
afterAll(async () => server?.stop());

describe('stock over REST', () => {
  it('answers 401 without a token', async () => {
    expect(
      (await rest(server.url, 'GET', '/api/v1/Products/GetProductQuantityHistory?productId=1')).status,
    ).toBe(401);
    const post = await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', { body: [] });
    expect(post.status).toBe(401);
  });

  it('records changes for two products with notes and reads the history back, newest first', async () => {
    const oak = await newProduct('White Oak');
    const pine = await newProduct('White Pine');
    expect((await history(oak)).body.data).toEqual([]);

    const first = await record([
      { productId: oak, changeInStock: 120, notes: 'Spring delivery from the grower' },
      { productId: pine, changeInStock: 40, notes: '' },
    ]);
    expect(first.status).toBe(200);
    expect(
      first.body.data.productQuantities.map((q) => [q.productId, q.changeInStock, q.fullName, q.notes]),
    ).toEqual([
      [oak, 120, 'Stella Stock', 'Spring delivery from the grower'],
      [pine, 40, 'Stella Stock', null],
    ]);
    const byId = new Map(first.body.data.products.map((p) => [p.productId, p]));
    expect(byId.get(oak)).toMatchObject({ currentStock: 120, calculatedStock: 120, isStockTracked: true });
    expect(byId.get(pine)).toMatchObject({ currentStock: 40, calculatedStock: 40 });

    const second = await record([{ productId: oak, changeInStock: -7, notes: 'Culled: root damage' }]);
    expect(second.status).toBe(200);
    expect(second.body.data.products[0]).toMatchObject({ productId: oak, currentStock: 113 });

    const oakHistory = (await history(oak)).body.data;
    expect(oakHistory.map((h) => [h.changeInStock, h.notes])).toEqual([
      [-7, 'Culled: root damage'],
      [120, 'Spring delivery from the grower'],
    ]);
    expect(oakHistory[0]?.createdTimestampMinutesHoursDaysAgo).toBe('just now');

    // The storefront shows the new figures at once.
    const shown = await rest<StockProduct[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
    expect(shown.body.data.find((p) => p.productId === oak)?.calculatedStock).toBe(113);
  });

  it('marks a product that reaches 0 Sold Out and e-mails the stock list', async () => {
    server.shop.database.sqlite
      .prepare("update settings set value = ? where name = 'ProductStockEmails'")
      .run('owner@example.com; hazel@example.com');
    const maple = await newProduct('Sugar Maple');
    await record([{ productId: maple, changeInStock: 5 }]);
    expect(outbox()).toEqual([]);
    const r = await record([{ productId: maple, changeInStock: -5, notes: 'Sold at the farm stand' }]);
    expect(r.status).toBe(200);
    expect(r.body.data.products[0]).toMatchObject({ productStatus: 3, calculatedStock: 0 });
    const mail = outbox();
    expect(mail.map((m) => m.to).sort()).toEqual(['hazel@example.com', 'owner@example.com']);
    expect(mail[0]?.subject).toBe('Sold out: Sugar Maple');
    expect(mail[0]?.text).toContain('Stella Stock');
  });

  it('refuses bad input with a message and saves nothing', async () => {
    const birch = await newProduct('River Birch');
    const cases: [unknown, string][] = [
      [[], 'There are no stock changes to save.'],
      [
        [{ productId: birch, changeInStock: 0 }],
        'A change in stock of 0 changes nothing; leave that product out.',
      ],
      [[{ productId: birch, changeInStock: 1.5 }], 'The change in stock must be a whole number.'],
      [[{ productId: birch, changeInStock: 1_000_001 }], 'A change in stock can be at most 1,000,000.'],
      [[{ productId: birch, changeInStock: 'ten' }], 'The change in stock must be a number.'],
      [{ productId: birch, changeInStock: 3 }, 'Send the stock changes as a list.'],
    ];
    for (const [body, message] of cases) {
      const r = await record(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(message);
    }
    const unknown = await record([
      { productId: birch, changeInStock: 3 },
      { productId: 999999, changeInStock: 3 },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('there is no product with id 999999');
    expect((await history(birch)).body.data).toEqual([]);

    const noProduct = await history(999999);
    expect(noProduct.status).toBe(404);
    const badId = await rest(server.url, 'GET', '/api/v1/Products/GetProductQuantityHistory?productId=x', {
      token,
    });
    expect(badId.status).toBe(400);
  });
});
