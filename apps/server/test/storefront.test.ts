import type { AppRouter } from '@nursery/api';
import {
  CONTACT_THANK_YOU,
  LOOKUP_BLANK_ORDER_NUMBER,
  ORDER_MESSAGES,
  ORDER_NOT_FOUND,
  ORDERING_CLOSED_CHECKOUT,
} from '@nursery/domain';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';
import { expectedTotals, submitOrder, customer as wendell } from './support/orders.ts';
import { sendContactMessage, shopForTests } from './support/shop.ts';

/**
 * A scripted customer against a real server: real HTTP to the five storefront REST paths and their
 * tRPC procedures, on a fresh data folder with the demo catalogue.
 */

interface Price {
  productPriceId: number;
  startQuantity: number;
  endQuantity: number | null;
  price: number;
  displayPrice: string;
}
interface Product {
  productId: number;
  name: string;
  productSize: string;
  productType: string;
  productStatus: number;
  prices: Price[];
  isStockTracked: boolean;
  calculatedStock: number | null;
  isSoldOut: boolean;
}
interface OrderLine {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: number;
  displayUnitPrice: string;
  price: number;
  displayPrice: string;
  tax: number;
  displayTax: string;
  total: number;
  displayTotal: string;
}
interface Order {
  orderId: number;
  name: string;
  phoneNumber: string;
  email: string;
  comments: string | null;
  isTaxExempt: boolean;
  displayCreatedTimestamp: string;
  displayCreatedTimestampDate: string;
  subtotal: number;
  displaySubtotal: string;
  tax: number;
  displayTax: string;
  total: number;
  displayTotal: string;
  products: OrderLine[];
  orderProductXrefs: { productId: number; quantity: number }[];
}

let server: TestServer;
let trpc: ReturnType<typeof createTRPCClient<AppRouter>>;
let catalogue: Product[];

/** The usual customer, with a work phone and the whole name too, so both are seen to travel. */
const customer = { ...wendell, name: 'Wendell Berry', workPhoneNumber: '555-310-9000' };

/** Independent of the shop's code (expectedTotals), in dollars as the order's answer gives them. */
function expected(lines: { unitCents: number; quantity: number }[]) {
  const { subtotal, tax, total } = expectedTotals(lines);
  return { subtotal: subtotal / 100, tax: tax / 100, total: total / 100 };
}

const cents = (dollars: number) => Math.round(dollars * 100);
const orderable = (p: Product) => (p.productStatus === 2 || p.productStatus === 7) && !p.isStockTracked;

function setOrdering(open: boolean) {
  server.shop.database.sqlite
    .prepare("update settings set is_true = ? where name = 'OnlineOrderingEnabled'")
    .run(open ? 1 : 0);
}

beforeAll(async () => {
  server = await startTestServer();
  trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc` })] });
  const res = await rest<Product[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
  catalogue = res.body.data;
});
afterAll(async () => server?.stop());

describe('GET /api/v1/Products/GetProductsToShow', () => {
  it('lists the storefront products in the envelope, from the cache, as JSON', async () => {
    const response = await fetch(`${server.url}/api/v1/Products/GetProductsToShow`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { success: boolean; message: string; data: Product[] };
    expect(body.success).toBe(true);
    expect(body.message).toBe('');
    expect(body.data.length).toBeGreaterThan(100);
    expect(new Set(body.data.map((p) => p.productStatus))).toEqual(new Set([2, 3, 6, 7]));
    expect(body.data[0]).toHaveProperty('prices.0.startQuantity');
    expect(body.data[0]).toHaveProperty('prices.0.displayPrice');
  });

  it('takes ignoreCache as text: false keeps the cache, true from staff rebuilds it, anything else is a 400', async () => {
    const token = await staffToken(server);
    const target = catalogue[0]!;
    server.shop.database.sqlite
      .prepare('update products set name = ? where product_id = ?')
      .run('Edited by hand', target.productId);
    const nameIn = (list: Product[]) => list.find((p) => p.productId === target.productId)!.name;

    const cached = await rest<Product[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetProductsToShow?ignoreCache=false',
    );
    expect(cached.status).toBe(200);
    expect(nameIn(cached.body.data)).toBe(target.name);
    expect(nameIn((await trpc.catalog.productsToShow.query({ ignoreCache: false })) as Product[])).toBe(
      target.name,
    );

    // A visitor asking for a rebuild is served the cached list, as if it had not asked (REST and tRPC).
    const visitor = await rest<Product[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetProductsToShow?ignoreCache=true',
    );
    expect(visitor.status).toBe(200);
    expect(nameIn(visitor.body.data)).toBe(target.name);
    expect(nameIn((await trpc.catalog.productsToShow.query({ ignoreCache: true })) as Product[])).toBe(
      target.name,
    );
    expect(nameIn((await trpc.catalog.productsToShow.query()) as Product[])).toBe(target.name);

    const fresh = await rest<Product[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetProductsToShow?ignoreCache=true',
      { token },
    );
    expect(nameIn(fresh.body.data)).toBe('Edited by hand');
    expect(nameIn((await trpc.catalog.productsToShow.query()) as Product[])).toBe('Edited by hand');

    server.shop.database.sqlite
      .prepare('update products set name = ? where product_id = ?')
      .run(target.name, target.productId);
    await rest(server.url, 'GET', '/api/v1/Products/GetProductsToShow?ignoreCache=true', { token });

    const bad = await rest(server.url, 'GET', '/api/v1/Products/GetProductsToShow?ignoreCache=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'ignoreCache must be true or false.' });
  });
});

describe('GET /api/v1/Settings/GetAllSettings', () => {
  it('answers the settings the storefront reads', async () => {
    const res = await rest<{ name: string; isTrue: boolean; value: string }[]>(
      server.url,
      'GET',
      '/api/v1/Settings/GetAllSettings',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s.name)).toEqual(
      expect.arrayContaining(['OnlineOrderingEnabled', 'Message', 'ActivePdf']),
    );
    expect(res.body.data.find((s) => s.name === 'OnlineOrderingEnabled')!.isTrue).toBe(true);
    expect((await trpc.settings.all.query()).length).toBe(res.body.data.length);
  });
});

describe('a customer orders and reads the order back', () => {
  it('places a tiered order through REST and finds it by id and phone typed differently', async () => {
    const tiered = catalogue.filter((p) => orderable(p) && p.prices.length >= 3);
    expect(tiered.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = tiered as [Product, Product, Product];
    // Exactly at a tier's end, exactly at the next tier's start, and deep in the open-ended tier.
    const picks = [
      { product: a, tier: a.prices[0]!, quantity: a.prices[0]!.endQuantity! },
      { product: b, tier: b.prices[1]!, quantity: b.prices[1]!.startQuantity },
      { product: c, tier: c.prices.at(-1)!, quantity: c.prices.at(-1)!.startQuantity + 7 },
    ];
    expect(picks[2]!.tier.endQuantity).toBeNull();

    const submitted = await submitOrder<{ orderId: number; phoneNumber: string; order: Order }>(
      server,
      picks.map((p) => ({ productId: p.product.productId, quantity: p.quantity })),
      customer,
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.success).toBe(true);
    const { orderId, phoneNumber, order } = submitted.body.data;
    expect(orderId).toBeGreaterThan(0);
    expect(phoneNumber).toBe(customer.phoneNumber);

    const want = expected(picks.map((p) => ({ unitCents: cents(p.tier.price), quantity: p.quantity })));
    expect(order).toMatchObject({ orderId, name: 'Wendell Berry', isTaxExempt: false, ...want });
    expect(order.displayTotal).toBe(`$${want.total.toFixed(2)}`);
    // Each line carries its share of the order's tax (within a cent of 5.5% of the line) and the shares add
    // up to the order's tax.
    let lineTaxes = 0;
    for (const pick of picks) {
      const line = order.products.find((l) => l.productId === pick.product.productId)!;
      const sub = cents(pick.tier.price) * pick.quantity;
      expect(line).toMatchObject({
        name: pick.product.name,
        quantity: pick.quantity,
        unitPrice: pick.tier.price,
        displayUnitPrice: pick.tier.displayPrice,
        price: sub / 100,
      });
      const tax = cents(line.tax);
      expect(tax).toBeGreaterThanOrEqual(Math.floor((sub * 55) / 1000));
      expect(tax).toBeLessThanOrEqual(Math.ceil((sub * 55) / 1000));
      expect(cents(line.total)).toBe(sub + tax);
      lineTaxes += tax;
    }
    expect(lineTaxes).toBe(cents(want.tax));
    expect(order.orderProductXrefs).toHaveLength(3);

    for (const phone of ['5553104477', '555.310.4477', '555-310-4477', ' (555)310 4477 ']) {
      const found = await rest<Order>(
        server.url,
        'GET',
        `/api/v1/Orders/GetOrderById?orderId=${orderId}&phoneNumber=${encodeURIComponent(phone)}`,
      );
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject({
        orderId,
        ...want,
        comments: customer.comments,
        email: customer.email,
      });
      expect(found.body.data.displayCreatedTimestamp).toBe(order.displayCreatedTimestamp);
    }
    const viaTrpc = (await trpc.orders.byId.query({ orderId, phoneNumber: '555 310 4477' })) as Order;
    expect(viaTrpc).toMatchObject({ orderId, ...want });

    // A wrong phone and a wrong id read the same.
    for (const query of [
      `orderId=${orderId}&phoneNumber=5550000000`,
      `orderId=${orderId + 10_000}&phoneNumber=5553104477`,
    ]) {
      const miss = await rest(server.url, 'GET', `/api/v1/Orders/GetOrderById?${query}`);
      expect(miss.status).toBe(404);
      expect(miss.body).toEqual({ success: false, message: ORDER_NOT_FOUND, data: null });
    }
  });

  it('places an order through tRPC too, priced the same way', async () => {
    const p = catalogue.find((x) => orderable(x) && x.prices.length >= 2)!;
    const quantity = p.prices[1]!.startQuantity;
    const answer = await trpc.orders.submit.mutate({
      ...customer,
      orderProductXrefs: [{ productId: p.productId, quantity }],
    });
    expect(answer.order).toMatchObject(expected([{ unitCents: cents(p.prices[1]!.price), quantity }]));
    const back = await rest<Order>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${answer.orderId}&phoneNumber=5553104477`,
    );
    expect(back.body.data.total).toBe(answer.order.total);
  });

  it('refuses products that cannot be ordered online, naming them', async () => {
    const soldOut = catalogue.find((p) => p.productStatus === 3)!;
    const callFirst = catalogue.find((p) => p.productStatus === 6)!;
    const res = await submitOrder(
      server,
      [
        { productId: soldOut.productId, quantity: 1 },
        { productId: callFirst.productId, quantity: 1 },
      ],
      customer,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: `${soldOut.name} cannot be ordered online right now.\n${callFirst.name} cannot be ordered online right now.`,
      data: null,
    });
  });

  it('refuses more than a counted product has left', async () => {
    const counted = catalogue.find(
      (p) =>
        (p.productStatus === 2 || p.productStatus === 7) && p.isStockTracked && (p.calculatedStock ?? 0) > 0,
    )!;
    const left = counted.calculatedStock!;
    const res = await submitOrder(server, [{ productId: counted.productId, quantity: left + 1 }], customer);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Only ${left} of ${counted.name} are left.`);
  });

  it('refuses checkout with the spec text while online ordering is closed', async () => {
    const p = catalogue.find(orderable)!;
    setOrdering(false);
    try {
      const res = await submitOrder(server, [{ productId: p.productId, quantity: 1 }], customer);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: ORDERING_CLOSED_CHECKOUT, data: null });
      const viaTrpc = await trpc.orders.submit
        .mutate({ ...customer, orderProductXrefs: [{ productId: p.productId, quantity: 1 }] })
        .catch((e: unknown) => e);
      expect(viaTrpc).toBeInstanceOf(TRPCClientError);
      expect((viaTrpc as TRPCClientError<AppRouter>).message).toBe(ORDERING_CLOSED_CHECKOUT);
    } finally {
      setOrdering(true);
    }
  });
});

describe('validation messages, letter for letter', () => {
  it('lists every missing order detail together', async () => {
    const res = await rest<{ errors: string[] }>(server.url, 'POST', '/api/v1/Orders/Submit', { body: {} });
    expect(res.status).toBe(400);
    const six = [
      ORDER_MESSAGES.firstName,
      ORDER_MESSAGES.lastName,
      ORDER_MESSAGES.email,
      ORDER_MESSAGES.confirmEmail,
      ORDER_MESSAGES.phone,
      ORDER_MESSAGES.products,
    ];
    expect(six).toEqual([
      'You must enter a first name for your order.',
      'You must enter a last name for your order.',
      'You must enter an email for your order.',
      'You must confirm your email.',
      'You must enter a valid phone number for your order.',
      'You must add one or more products to your order.',
    ]);
    expect(res.body).toEqual({ success: false, message: six.join('\n'), data: { errors: six } });

    const mismatch = await rest<{ errors: string[] }>(server.url, 'POST', '/api/v1/Orders/Submit', {
      body: { ...customer, confirmEmail: 'someone@else.example', orderProductXrefs: [] },
    });
    expect(mismatch.body.data.errors).toEqual([
      'Your emails do not match.',
      'You must add one or more products to your order.',
    ]);

    const viaTrpc = await trpc.orders.submit.mutate({ firstName: 'A' }).catch((e: unknown) => e);
    expect((viaTrpc as TRPCClientError<AppRouter>).data?.httpStatus).toBe(400);
    expect((viaTrpc as TRPCClientError<AppRouter>).message).toBe(six.slice(1).join('\n'));
  });

  it('says what to do about a blank order number and a blank phone', async () => {
    const blank = await rest(
      server.url,
      'GET',
      '/api/v1/Orders/GetOrderById?orderId=&phoneNumber=5551234567',
    );
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(LOOKUP_BLANK_ORDER_NUMBER);
    expect(LOOKUP_BLANK_ORDER_NUMBER).toBe('You must enter the order number used to place the order.');
    const missing = await rest(server.url, 'GET', '/api/v1/Orders/GetOrderById');
    expect(missing.body.message).toBe(LOOKUP_BLANK_ORDER_NUMBER);
    const letters = await rest(server.url, 'GET', '/api/v1/Orders/GetOrderById?orderId=abc&phoneNumber=1');
    expect(letters).toMatchObject({ status: 400, body: { message: 'The order number must be a number.' } });
    const noPhone = await rest(server.url, 'GET', '/api/v1/Orders/GetOrderById?orderId=1');
    expect(noPhone).toMatchObject({
      status: 400,
      body: { message: 'Please enter the phone number used to place the order.' },
    });
  });

  it('says a 20-digit order number finds no order, over REST and tRPC, not that it is not whole', async () => {
    // It was told "The order number must be a whole number.", which it is: it is only past any order the shop has.
    const viaRest = await rest(
      server.url,
      'GET',
      '/api/v1/Orders/GetOrderById?orderId=12345678901234567890&phoneNumber=5551234567',
    );
    expect(viaRest).toMatchObject({ status: 400, body: { message: ORDER_NOT_FOUND } });
    for (const orderId of ['"12345678901234567890"', '12345678901234567890']) {
      const input = encodeURIComponent(`{"orderId":${orderId},"phoneNumber":"5551234567"}`);
      const viaTrpc = await fetch(`${server.url}/trpc/orders.byId?input=${input}`);
      expect(viaTrpc.status, orderId).toBe(400);
      const body = (await viaTrpc.json()) as { error: { message: string } };
      expect(body.error.message, orderId).toBe(ORDER_NOT_FOUND);
    }
  });
});

describe('POST /api/v1/Contact/InsertUserComment', () => {
  it('stores a message and answers the thank-you text with the submission id', async () => {
    const res = await sendContactMessage(server, {
      name: 'Aldo Leopold',
      subject: '',
      email: 'aldo@example.com',
      comments: 'Are the bur oaks bare root?',
      loadTime: Date.now() - 60_000,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CONTACT_THANK_YOU);
    expect(res.body.message).toBe(
      'Thank you for your comments, we will read them as soon as possible and respond to any questions within 24 hours.',
    );
    const row = server.shop.database.sqlite
      .prepare('select is_spam as isSpam, load_time as loadTime from contacts where contact_id = ?')
      .get(res.body.data.contactSubmissionId) as { isSpam: number; loadTime: number };
    expect(row.isSpam).toBe(0);

    const bot = await trpc.contacts.insert.mutate({
      name: 'Buy now',
      subject: 'SEO services',
      email: 'bot@example.com',
      comments: 'Visit us',
      loadTime: Date.now(),
    });
    const flagged = server.shop.database.sqlite
      .prepare('select is_spam as isSpam, spam_reason as reason from contacts where contact_id = ?')
      .get(bot.contactSubmissionId) as { isSpam: number; reason: string };
    expect(flagged.isSpam).toBe(1);
    expect(flagged.reason).toContain('Filled in the hidden subject field.');
  });

  it('asks for what is missing', async () => {
    const res = await rest<{ errors: string[] }>(server.url, 'POST', '/api/v1/Contact/InsertUserComment', {
      body: { email: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      'Please enter your name.',
      'Please enter a valid email address, like name@example.com.',
      'Please enter your comments.',
      'loadTime must be a time.',
    ]);
  });
});

describe('bad input never gets a 500', () => {
  const paths = [
    ['POST', '/api/v1/Orders/Submit'],
    ['POST', '/api/v1/Contact/InsertUserComment'],
  ] as const;

  it('answers malformed JSON with a 400 envelope', async () => {
    for (const [method, path] of paths) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: '{"firstName": "Ada", ',
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { success: boolean; message: string; data: { errors: string[] } };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/^The body is not valid JSON\b.*\. Send the input as one JSON value/);
      // Listed in data.errors, as every refused input's problems are.
      expect(body.data).toEqual({ errors: [body.message] });
    }
  });

  it('answers wrong types and shapes with 400 and a message', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/v1/Orders/Submit', { ...customer, firstName: 42 }, 'First name must be text.'],
      [
        '/api/v1/Orders/Submit',
        { ...customer, orderProductXrefs: 'lots' },
        'The order lines must be a list.',
      ],
      [
        '/api/v1/Orders/Submit',
        { ...customer, orderProductXrefs: [{ productId: 'x', quantity: 1 }] },
        'A product id is a positive whole number, like 48.',
      ],
      [
        '/api/v1/Orders/Submit',
        { ...customer, orderProductXrefs: [{ productId: 1, quantity: 1.5 }] },
        'Quantities are whole numbers.',
      ],
      [
        '/api/v1/Orders/Submit',
        { ...customer, orderProductXrefs: [{ productId: 1, quantity: 100001 }] },
        'You can order at most 100000 of one product.',
      ],
      ['/api/v1/Orders/Submit', [1, 2, 3], ''],
      ['/api/v1/Orders/Submit', 'just text', ''],
      ['/api/v1/Contact/InsertUserComment', { name: ['a'], email: 5, comments: {}, loadTime: true }, ''],
    ];
    for (const [path, body, message] of cases) {
      const res = await rest(server.url, 'POST', path, { body: JSON.stringify(body) });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message.length).toBeGreaterThan(0);
      if (message) expect(res.body.message).toContain(message);
    }
    const nulls = await rest(server.url, 'POST', '/api/v1/Orders/Submit', { body: 'null' });
    expect(nulls.status).toBe(400);
    const wrongType = await fetch(`${server.url}/api/v1/Orders/Submit`, {
      method: 'POST',
      body: 'firstName=Ada',
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
  });

  it('refuses a 2 MB body with 413', async () => {
    const comments = 'x'.repeat(2 * 1024 * 1024);
    for (const [method, path] of paths) {
      const res = await rest(server.url, method, path, { body: { ...customer, comments } });
      expect(res.status).toBe(413);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/too large/i);
    }
  });

  it('answers an unknown path with a 404 envelope', async () => {
    for (const path of ['/api/v1/Orders/Nope', '/api/v1/Products/GetProductsToShowX', '/api/v2/anything']) {
      const res = await rest(server.url, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, data: null });
      expect(res.body.message).toContain(path);
    }
  });

  it('answers garbage to the tRPC endpoints with a client error, never a 500', async () => {
    const calls: [string, RequestInit, number][] = [
      [
        '/trpc/orders.submit',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' },
        400,
      ],
      ['/trpc/orders.byId?input=%7B%22orderId%22%3A%22x%22%7D', {}, 400],
      ['/trpc/catalog.productsToShow?input=%7B%22ignoreCache%22%3A%22maybe%22%7D', {}, 400],
      ['/trpc/orders.nope', {}, 404],
    ];
    for (const [path, init, status] of calls) {
      const res = await fetch(`${server.url}${path}`, init);
      expect(res.status, path).toBeLessThan(500);
      const body = (await res.json()) as { error: { message: string; data: { httpStatus: number } } };
      expect(body.error.data.httpStatus, path).toBe(status);
      expect(body.error.message.length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('lists every route of the table with its parameters and bodies', async () => {
    const { restRoutes } = await import('@nursery/api');
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of restRoutes) {
      expect(
        doc.paths[route.path]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    const params = (path: string) => doc.paths[path]!.get!.parameters!.map((p) => p.name).sort();
    expect(params('/api/v1/Products/GetProductsToShow')).toEqual(['ignoreCache']);
    expect(params('/api/v1/Orders/GetOrderById')).toEqual(['orderId', 'phoneNumber']);
    const body = (path: string) =>
      Object.keys(
        doc.paths[path]!.post!.requestBody!.content['application/json']!.schema.properties ?? {},
      ).sort();
    expect(body('/api/v1/Orders/Submit')).toEqual([
      'comments',
      'confirmEmail',
      'email',
      'firstName',
      'lastName',
      'name',
      'orderProductXrefs',
      'phoneNumber',
      'pickUpDayId',
      'workPhoneNumber',
    ]);
    expect(body('/api/v1/Contact/InsertUserComment')).toEqual([
      'comments',
      'email',
      'loadTime',
      'name',
      'subject',
    ]);
    expect(doc.paths['/api/v1/Settings/GetAllSettings']?.get).toBeDefined();
  });

  it('describes each answer by its schema, its named parts in components', async () => {
    const { restRoutes } = await import('@nursery/api');
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content?: Record<string, { schema: { properties: { data: Record<string, unknown> } } }> }
            >;
          }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const data = (method: string, path: string) =>
      doc.paths[path]?.[method]?.responses['200']?.content?.['application/json']?.schema.properties.data;
    for (const route of restRoutes.filter((r) => r.respond !== 'file')) {
      expect(
        Object.keys(data(route.method.toLowerCase(), route.path) ?? {}),
        `${route.method} ${route.path}`,
      ).not.toEqual([]);
    }
    expect(data('get', '/api/v1/Products/GetProductsToShow')).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/StorefrontProduct' },
    });
    expect(data('post', '/api/v1/Orders/Submit')).toEqual({ $ref: '#/components/schemas/SubmittedOrder' });
    const { schemas } = doc.components;
    expect(Object.keys(schemas.Product?.properties ?? {})).toEqual(
      expect.arrayContaining(['prices', 'version', 'numSold']),
    );
    expect(Object.keys(schemas.StorefrontProduct?.properties ?? {})).not.toContain('version');
    expect(Object.keys(schemas.Order?.properties ?? {})).toEqual(
      expect.arrayContaining(['products', 'total']),
    );
    expect(schemas.OrderLine).toBeDefined();
    // Every reference points at a schema the document has.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(schemas[ref as string], ref).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });
});

describe('rate limits', () => {
  const limited = shopForTests({ DEMO_DATA: 'false' });

  it('answers 429 to a client that walks order numbers, and leaves the product list alone', async () => {
    const statuses: number[] = [];
    for (let id = 1; id <= 21; id++) {
      statuses.push(
        (
          await rest(
            limited.server.url,
            'GET',
            `/api/v1/Orders/GetOrderById?orderId=${id}&phoneNumber=5551234567`,
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    const last = await rest(
      limited.server.url,
      'GET',
      '/api/v1/Orders/GetOrderById?orderId=22&phoneNumber=5551234567',
    );
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(
      /^Too many order lookups from your connection\. Please wait \d+ seconds? and try again\.$/,
    );
    expect((await rest(limited.server.url, 'GET', '/api/v1/Products/GetProductsToShow')).status).toBe(200);
  });

  it('answers 429 to a sixth contact message within a minute', async () => {
    const message = {
      name: 'Flood',
      email: 'flood@example.com',
      comments: 'Hello',
      loadTime: Date.now() - 30_000,
    };
    for (let i = 0; i < 5; i++) {
      expect(
        (await rest(limited.server.url, 'POST', '/api/v1/Contact/InsertUserComment', { body: message }))
          .status,
      ).toBe(200);
    }
    const sixth = await rest(limited.server.url, 'POST', '/api/v1/Contact/InsertUserComment', {
      body: message,
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.success).toBe(false);
  });
});
