import type { AdminOrder } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { placeOrder } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

/**
 * What a developer calling the REST API for the first time ran into, beyond the cases the specification names
 * down: each test failed before its fix.
 */

interface ListedProduct {
  productId: number;
  productStatus: number;
  isStockTracked: boolean;
}

const customer = {
  firstName: 'Robin',
  lastName: 'Marsh',
  email: 'robin@example.com',
  confirmEmail: 'robin@example.com',
};

let server: TestServer;
let token: string;
let productId: number;
let otherProductId: number;

beforeAll(async () => {
  ({ server, token } = await signedInShop());
  const list = await rest<ListedProduct[]>(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', {
    token,
  });
  const product = list.body.data.find((p) => p.productStatus === 2 && !p.isStockTracked);
  if (!product) throw new Error('the demo catalogue has no untracked Active product');
  productId = product.productId;
  const other = list.body.data.find((p) => p.productStatus === 2 && p.productId !== productId);
  if (!other) throw new Error('the demo catalogue has only one Active product');
  otherProductId = other.productId;
});
afterAll(async () => server?.stop());

const placeWithPhone = (phoneNumber: string) =>
  placeOrder(server, [{ productId, quantity: 1 }], { ...customer, phoneNumber });

describe('bodies that are not JSON', () => {
  const order = () => ({
    ...customer,
    phoneNumber: '555 010 2030',
    orderProductXrefs: [{ productId, quantity: 1 }],
  });

  it('answers 415 naming the content type to a JSON order sent as text/plain (what fetch sends by default)', async () => {
    const response = await fetch(`${server.url}/api/v1/Orders/Submit`, {
      method: 'POST',
      body: JSON.stringify(order()),
    });
    const body = (await response.json()) as { success: boolean; message: string };
    expect(response.status).toBe(415);
    expect(body).toMatchObject({ success: false });
    expect(body.message).toContain('Content-Type: application/json');
  });

  it('answers 415 to a form post, multipart or urlencoded, instead of listing every field as missing', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(customer)) form.set(key, value);
    const multipart = await fetch(`${server.url}/api/v1/Contact/InsertUserComment`, {
      method: 'POST',
      body: form,
    });
    expect(multipart.status).toBe(415);
    expect(((await multipart.json()) as { message: string }).message).toContain('application/json');

    const urlencoded = await fetch(`${server.url}/api/v1/Orders/Submit`, {
      method: 'POST',
      body: new URLSearchParams(customer),
    });
    expect(urlencoded.status).toBe(415);
    expect(((await urlencoded.json()) as { message: string }).message).toContain('application/json');
  });

  it('still takes JSON with a charset or in capitals', async () => {
    for (const type of ['application/json; charset=utf-8', 'APPLICATION/JSON']) {
      const response = await fetch(`${server.url}/api/v1/Orders/Submit`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify(order()),
      });
      expect(response.status).toBe(200);
    }
  });
});

describe('numbers in query strings', () => {
  it('reads ids as decimal only: 0x19 or 2.5e1 is refused, not taken for product 25', async () => {
    for (const typed of ['0x19', '2.5e1', '', '1_0']) {
      const answer = await rest(server.url, 'GET', `/api/v1/Products/GetProductOrders?productId=${typed}`, {
        token,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('productId must be a whole number.');
    }
    const hexOrder = await rest(server.url, 'GET', '/api/v1/Orders/GetOrderById?orderId=0x1&phoneNumber=555');
    expect(hexOrder.status).toBe(400);
    expect(hexOrder.body.message).toBe('The order number must be a number.');
  });

  it('names a missing number once, not "productStatus: productStatus must be..."', async () => {
    const answer = await rest(server.url, 'PUT', `/api/v1/Products/SetProductStatus?productId=${productId}`, {
      token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('productStatus must be a whole number.');
  });

  it('still takes plain and padded decimal numbers', async () => {
    const answer = await rest(
      server.url,
      'GET',
      `/api/v1/Products/GetProductOrders?productId=%20${productId}`,
      { token },
    );
    expect(answer.status).toBe(200);
  });
});

describe('order lookup with a country code', () => {
  it('finds an order placed as (555) 123-4567 when the customer types +1 555 123 4567, and the other way round', async () => {
    const plain = await placeWithPhone('(555) 123-4567');
    const withCode = await placeWithPhone('+1 555 987 6543');
    const found = [
      await rest(
        server.url,
        'GET',
        `/api/v1/Orders/GetOrderById?orderId=${plain}&phoneNumber=%2B1%20555%20123%204567`,
      ),
      await rest(
        server.url,
        'GET',
        `/api/v1/Orders/GetOrderById?orderId=${plain}&phoneNumber=1-555-123-4567`,
      ),
      await rest(
        server.url,
        'GET',
        `/api/v1/Orders/GetOrderById?orderId=${withCode}&phoneNumber=555.987.6543`,
      ),
    ];
    expect(found.map((a) => a.status)).toEqual([200, 200, 200]);
    // The ten digits after the country code must still match.
    const wrong = await rest(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${plain}&phoneNumber=1-555-123-4568`,
    );
    expect(wrong.status).toBe(404);
    const otherCode = await rest(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${plain}&phoneNumber=44-555-123-4567`,
    );
    expect(otherCode.status).toBe(404);
  });

  it('asks for one phone number when the query repeats it', async () => {
    const orderId = await placeWithPhone('555 222 1111');
    const answer = await rest(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${orderId}&phoneNumber=5552221111&phoneNumber=5552221111`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Send one phone number, as text.');
  });
});

describe('timestamps', () => {
  it('writes createdTimestamp as ISO 8601 everywhere, product orders and stock history included', async () => {
    const orderId = await placeWithPhone('555 303 4040');
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    const order = await rest<{ createdTimestamp: unknown }>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`,
      { token },
    );
    expect(order.body.data.createdTimestamp).toMatch(iso);

    const lines = await rest<{ orderId: number; createdTimestamp: unknown }[]>(
      server.url,
      'GET',
      `/api/v1/Products/GetProductOrders?productId=${productId}`,
      { token },
    );
    const line = lines.body.data.find((l) => l.orderId === orderId);
    expect(line?.createdTimestamp).toBe(order.body.data.createdTimestamp);

    const saved = await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId, changeInStock: 50, notes: 'count' }],
    });
    expect(saved.status).toBe(200);
    const history = await rest<{ createdTimestamp: unknown }[]>(
      server.url,
      'GET',
      `/api/v1/Products/GetProductQuantityHistory?productId=${productId}`,
      { token },
    );
    expect(history.body.data.length).toBeGreaterThan(0);
    for (const entry of history.body.data) expect(entry.createdTimestamp).toMatch(iso);
  });
});

describe('an order read and sent back', () => {
  it('keeps its manual prices: PUT Orders/Update with the GetOrderDetailsById answer changes nothing', async () => {
    const created = await rest<AdminOrder>(server.url, 'PUT', '/api/v1/Orders/Update', {
      token,
      body: {
        name: 'Walk In',
        phoneNumber: '555 404 5050',
        products: [
          { productId, quantity: 2, isStatic: false },
          { productId: otherProductId, quantity: 3, price: '4.25', isStatic: true },
        ],
      },
    });
    expect(created.status).toBe(200);
    const read = await rest<AdminOrder>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderDetailsById?orderId=${created.body.data.orderId}`,
      { token },
    );
    const manual = read.body.data.products.find((l) => l.isStatic);
    expect(manual).toMatchObject({ unitPrice: 4.25, price: 12.75 });

    const sentBack = await rest<AdminOrder>(server.url, 'PUT', '/api/v1/Orders/Update', {
      token,
      body: read.body.data,
    });
    expect(sentBack.status).toBe(200);
    const shape = (o: AdminOrder) =>
      o.products.map(({ productId, quantity, unitPrice, price }) => ({
        productId,
        quantity,
        unitPrice,
        price,
      }));
    expect(shape(sentBack.body.data)).toEqual(shape(read.body.data));
    expect(sentBack.body.data.total).toBe(read.body.data.total);
  });
});

describe('paths in other letter case', () => {
  it('names the path as the API spells it instead of "Use POST" to a POST', async () => {
    const post = await rest(server.url, 'POST', '/api/v1/orders/submit', { body: {} });
    expect(post.status).toBe(404);
    expect(post.body.message).toBe(
      'Not found: POST /api/v1/orders/submit. Paths are case-sensitive: use POST /api/v1/Orders/Submit.',
    );
    const get = await rest(server.url, 'GET', '/API/V1/Products/GetProductsToShow');
    expect(get.status).toBe(404);
    expect(get.body.message).toContain('use GET /api/v1/Products/GetProductsToShow');
  });

  it('still answers 405 with the right method, spelling the path as the API does', async () => {
    const response = await fetch(`${server.url}/api/v1/orders/submit`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(((await response.json()) as { message: string }).message).toBe(
      'Use POST for /api/v1/Orders/Submit.',
    );
  });
});
