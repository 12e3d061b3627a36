import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { setProductStatus } from './support/orders.ts';
import { OWNER, signedInShop } from './support/shop.ts';

// Input a busy morning or a hostile client sends that the other catalogue tests do not: every case gets a
// 400 (or 404) with a sentence a person can act on, and nothing is stored.

interface Saved {
  product: { productId: number; name: string; prices: { price: number; displayPrice: string }[] };
}

let server: TestServer;
let token: string;

const tier = (startQuantity: unknown, endQuantity: unknown, price: unknown) => ({
  startQuantity,
  endQuantity,
  price,
});
const save = (body: unknown) =>
  rest<Saved>(server.url, 'POST', '/api/v1/Products/SaveProduct', { body, token });

beforeAll(async () => {
  ({ server, token } = await signedInShop({ DEMO_DATA: 'false' }, {}, OWNER));
});
afterAll(async () => server?.stop());

describe('hostile product input', () => {
  it.each([
    [
      'a start below 1',
      [tier(-1, 5, 1), tier(6, null, 1)],
      'Price 1: the start quantity must be a whole number of at least 1.',
    ],
    [
      'a start of 0',
      [tier(0, 5, 1), tier(6, null, 1)],
      'Price 1: the start quantity must be a whole number of at least 1.',
    ],
    ['a fractional start', [tier(1.5, null, 1)], 'The start quantity must be a whole number.'],
    [
      'two open-ended prices',
      [tier(1, null, 1), tier(5, null, 1)],
      'Only one price can be open-ended (no end quantity), but Price 1 and Price 2 are.',
    ],
    [
      'a price of fractions of a cent',
      [tier(1, null, 0.001)],
      'A price must be an amount in dollars and cents, such as 12.50.',
    ],
    [
      'three decimals typed',
      [tier(1, null, '4.255')],
      'A price must be an amount in dollars and cents, such as 12.50.',
    ],
    ['an exponent', [tier(1, null, '1e3')], 'A price must be an amount in dollars and cents, such as 12.50.'],
  ])('refuses %s', async (_label, prices, message) => {
    const before = await rest<unknown[]>(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', {
      token,
    });
    const r = await save({ name: 'Hostile Hazel', prices });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
    const after = await rest<unknown[]>(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', {
      token,
    });
    expect(after.body.data).toHaveLength(before.body.data.length);
  });

  it('keeps whole cents typed with a dollar sign or one decimal', async () => {
    const r = await save({ name: 'Cents Cherry', prices: [tier('1', '9', '$4.5'), tier('10', '', 3.75)] });
    expect(r.status).toBe(200);
    expect(r.body.data.product.prices.map((p) => p.displayPrice)).toEqual(['$4.50', '$3.75']);
  });

  it('refuses a 10,000-character name and keeps HTML in a name as plain text', async () => {
    const long = await save({ name: 'x'.repeat(10_000), prices: [tier(1, null, 1)] });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Name can be at most 200 characters.');

    const name = '<img src=x onerror=alert(1)><b>Oak</b>';
    const html = await save({ name, prices: [tier(1, null, 1)] });
    expect(html.status).toBe(200);
    const shown = await rest<{ name: string }[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetProductsToShow?ignoreCache=true',
    );
    expect(shown.body.data.map((p) => p.name)).toContain(name);
  });

  it('answers 404 for every call about a product that does not exist', async () => {
    const calls: [string, string, unknown?][] = [
      ['PUT', '/api/v1/Products/SetProductStatus?productId=424242&productStatus=2'],
      ['PUT', '/api/v1/Products/Update/Flags', { productId: 424242, isDougs: true }],
      ['PUT', '/api/v1/Products/DeleteProduct?productId=424242'],
      ['GET', '/api/v1/Products/GetProductOrders?productId=424242'],
      ['GET', '/api/v1/Products/GetProductQuantityHistory?productId=424242'],
    ];
    for (const [method, path, body] of calls) {
      const r = await rest(server.url, method, path, { token, ...(body ? { body } : {}) });
      expect([path, r.status, r.body.message]).toEqual([path, 404, 'There is no product with id 424242.']);
    }
  });
});

describe('a special-order product without prices', () => {
  it('cannot be made orderable online until it has a price, but may be shown as Call for Availability', async () => {
    const made = await rest<{ productId: number }>(
      server.url,
      'POST',
      '/api/v1/Products/SaveSpecialOrderProduct',
      {
        token,
        body: { name: 'Custom Hedge Row', prices: [] },
      },
    );
    const id = made.body.data.productId;
    for (const status of [2, 7]) {
      const r = await setProductStatus(server, token, id, status);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(
        'Custom Hedge Row has no prices, so it cannot be ordered online; add its prices with Edit first.',
      );
    }
    const shown = await rest<{ productId: number }[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetProductsToShow',
    );
    expect(shown.body.data.map((p) => p.productId)).not.toContain(id);

    const call = await setProductStatus(server, token, id, 6);
    expect(call.status).toBe(200);
  });
});

describe('hostile stock input', () => {
  it.each([
    [0, 'A change in stock of 0 changes nothing; leave that product out.'],
    [-1e9, 'A change in stock can be at most 1,000,000.'],
    [1.5, 'The change in stock must be a whole number.'],
    ['5', 'The change in stock must be a number.'],
    [null, 'The change in stock must be a number.'],
  ])('refuses a change of %j', async (changeInStock, message) => {
    const made = await save({ name: `Stock ${String(changeInStock)}`, prices: [tier(1, null, 1)] });
    const productId = made.body.data.product.productId;
    const r = await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId, changeInStock }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
    const history = await rest<unknown[]>(
      server.url,
      'GET',
      `/api/v1/Products/GetProductQuantityHistory?productId=${productId}`,
      { token },
    );
    expect(history.body.data).toEqual([]);
  });
});
