import { orders, stockChanges } from '@nursery/db';
import {
  type AdminOrder,
  ALL_SEASONS,
  ORDER_MESSAGES,
  ORDER_NOT_FOUND,
  ORDER_STALE,
  type OrderLine,
  UNAUTHORIZED_NO_TOKEN,
  zonedTimeToInstant,
} from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonStaffToken, rest, type TestServer } from '../src/testing.ts';
import { insertProduct, type StoredTier } from './support/orders.ts';
import { OWNER, signedInShop } from './support/shop.ts';

// A shop with no demo data and a clock the tests move, so seasons and stock are exactly what is set here.
const TZ = 'America/Chicago';
let clock = zonedTimeToInstant(TZ, 2026, 3, 10, 9, 30);
let server: TestServer;
let token: string;
let seedling: number; // tiers 1-9 at $10, 10+ at $8, stock counted this season
let shrub: number; // one tier, $4.25, not counted
let special: number; // special order, no tiers
let retired: number; // inactive

interface ListItem {
  orderId: number;
  name: string;
  numItems: number;
  totalQuantity: number;
  totalPrice: number;
  displayTotalPrice: string;
  isTaxExempt: boolean;
  seasonPurchased: number;
  deletedUsername: string | null;
  displayDeletedTimestamp: string | null;
  version: number;
}

function addProduct(name: string, productStatus: number, tiers: StoredTier[]): number {
  return insertProduct(server, name, { productStatus, tiers });
}

const customer = {
  name: 'Ada Quill',
  email: 'ada@example.com',
  phoneNumber: '(555) 010-2233',
  comments: 'Called in, picks up in April.',
};

async function save(body: Record<string, unknown>) {
  return rest<AdminOrder>(server.url, 'PUT', '/api/v1/Orders/Update', { token, body });
}

async function details(orderId: number) {
  return rest<AdminOrder>(server.url, 'GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`, {
    token,
  });
}

async function season(n: number) {
  return rest<ListItem[]>(server.url, 'GET', `/api/v1/Orders/GetAllOrdersForSeason?season=${n}`, { token });
}

async function stockLeft(productId: number): Promise<number | null> {
  const response = await fetch(`${server.url}/trpc/orders.productChoices`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as {
    result: { data: { productId: number; calculatedStock: number | null }[] };
  };
  return body.result.data.find((p) => p.productId === productId)?.calculatedStock ?? null;
}

async function lookup(orderId: number, phone: string) {
  return rest<{ isTaxExempt: boolean; tax: number; total: number; products: OrderLine[] }>(
    server.url,
    'GET',
    `/api/v1/Orders/GetOrderById?orderId=${orderId}&phoneNumber=${encodeURIComponent(phone)}`,
  );
}

beforeAll(async () => {
  ({ server, token } = await signedInShop({ DEMO_DATA: 'false' }, { now: () => clock }, OWNER));
  seedling = addProduct('Bur Oak', 2, [
    { startQuantity: 1, endQuantity: 9, priceCents: 1000 },
    { startQuantity: 10, endQuantity: null, priceCents: 800 },
  ]);
  shrub = addProduct('Ninebark', 7, [{ startQuantity: 1, endQuantity: null, priceCents: 425 }]);
  special = addProduct('Swamp White Oak, 8 ft B&B', 5, []);
  retired = addProduct('Old Cultivar', 1, [{ startQuantity: 1, endQuantity: null, priceCents: 300 }]);
  server.shop.db
    .insert(stockChanges)
    .values({ productId: seedling, season: 2025, changeInStock: 20, changedByName: 'Olive Owner' })
    .run();
});
afterAll(async () => server?.stop());

describe('sign-in', () => {
  it('answers 401 without a token and 403 for someone who is not staff, on every admin order and contact path', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/v1/Orders/GetOrderDetailsById?orderId=1'],
      ['GET', '/api/v1/Orders/GetAllOrders'],
      ['GET', '/api/v1/Orders/GetAllOrdersForSeason?season=2025'],
      ['GET', '/api/v1/Orders/GetAllDeletedOrders'],
      ['PUT', '/api/v1/Orders/Update'],
      ['PUT', '/api/v1/Orders/Update/Flags'],
      ['DELETE', '/api/v1/Orders/DeleteOrder?orderId=1'],
      ['DELETE', '/api/v1/Orders/RestoreOrder?orderId=1'],
      ['GET', '/api/v1/Contact/GetUserComments'],
      ['PUT', '/api/v1/Contact/SetSpam?contactId=1&isSpam=true'],
    ];
    const outsider = await nonStaffToken(server);
    for (const [method, path] of paths) {
      const body = method === 'PUT' ? {} : undefined;
      const anonymous = await rest(server.url, method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.message).toBe(UNAUTHORIZED_NO_TOKEN);
      const forbidden = await rest(server.url, method, path, { body, token: outsider });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
    }
    for (const procedure of ['orders.all', 'orders.seasons', 'orders.productChoices', 'contacts.all']) {
      const response = await fetch(`${server.url}/trpc/${procedure}`);
      expect(response.status, procedure).toBe(401);
      const body = (await response.json()) as { result?: unknown; error?: { data: { httpStatus: number } } };
      expect(body.result, procedure).toBeUndefined();
      expect(body.error?.data.httpStatus, procedure).toBe(401);
    }
  });
});

describe('seasons', () => {
  it('puts an order placed at 23:59 on June 30 in the old season and one at 00:00 on July 1 in the new one, in the shop time zone', async () => {
    clock = zonedTimeToInstant(TZ, 2025, 6, 30, 23, 59);
    const late = await save({
      ...customer,
      name: 'June Late',
      products: [{ productId: shrub, quantity: 1 }],
    });
    expect(late.status).toBe(200);
    expect(late.body.data.seasonPurchased).toBe(2024);

    clock = zonedTimeToInstant(TZ, 2025, 7, 1, 0, 0);
    const early = await save({
      ...customer,
      name: 'July Early',
      products: [{ productId: shrub, quantity: 1 }],
    });
    expect(early.body.data.seasonPurchased).toBe(2025);
    // In UTC both moments fall on July 1, so a season cut in UTC would put them together.
    expect(zonedTimeToInstant(TZ, 2025, 6, 30, 23, 59).getUTCDate()).toBe(1);

    const old = await season(2024);
    const current = await season(2025);
    expect(old.body.data.map((o) => o.name)).toContain('June Late');
    expect(old.body.data.map((o) => o.name)).not.toContain('July Early');
    expect(current.body.data.map((o) => o.name)).toContain('July Early');
    expect(current.body.data.map((o) => o.name)).not.toContain('June Late');
    const all = await season(ALL_SEASONS);
    expect(all.body.data.map((o) => o.name)).toEqual(expect.arrayContaining(['June Late', 'July Early']));
    // Newest first.
    expect(all.body.data[0]?.name).toBe('July Early');
    clock = zonedTimeToInstant(TZ, 2026, 3, 10, 9, 30);
  });

  it('lists seasons from the current one down to 2016, then All Seasons', async () => {
    const response = await fetch(`${server.url}/trpc/orders.seasons`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { result } = (await response.json()) as {
      result: { data: { currentSeason: number; seasons: { value: number; label: string }[] } };
    };
    expect(result.data.currentSeason).toBe(2025);
    expect(result.data.seasons[0]).toEqual({ value: 2025, label: '2025-26' });
    expect(result.data.seasons.at(-2)).toEqual({ value: 2016, label: '2016-17' });
    expect(result.data.seasons.at(-1)).toEqual({ value: -1, label: 'All Seasons' });
  });
});

describe('editing an order', () => {
  let orderId: number;

  it('creates an order from the admin with calculated and manual lines, pricing them on the server', async () => {
    const created = await save({
      ...customer,
      workPhoneNumber: '555-010-9999',
      isTaxExempt: false,
      products: [
        // The price sent for a calculated line is ignored: 12 seedlings cost the 10+ tier's $8.
        { productId: seedling, quantity: 12, price: 99, isStatic: false },
        { productId: special, quantity: 2, price: '12.50', isStatic: true },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Successfully updated');
    const order = created.body.data;
    orderId = order.orderId;
    expect(order.version).toBe(1);
    expect(order.source).toBe('admin');
    expect(order.updatedUsername).toBe('Olive Owner');
    expect(order.firstName).toBe('Ada');
    expect(order.lastName).toBe('Quill');
    const [oak, swamp] = order.products;
    expect(oak).toMatchObject({
      productId: seedling,
      quantity: 12,
      unitPrice: 8,
      price: 96,
      isStatic: false,
    });
    expect(swamp).toMatchObject({
      productId: special,
      quantity: 2,
      unitPrice: 12.5,
      price: 25,
      isStatic: true,
    });
    // Tax per line, half-up: 96.00 * 5.5% = 5.28, 25.00 * 5.5% = 1.375 -> 1.38.
    expect(oak?.tax).toBe(5.28);
    expect(swamp?.tax).toBe(1.38);
    expect(order.subtotal).toBe(121);
    expect(order.tax).toBe(6.66);
    expect(order.total).toBe(127.66);
    expect(order.displayTotal).toBe('$127.66');
    expect(await stockLeft(seedling)).toBe(8);

    const listed = (await season(2025)).body.data.find((o) => o.orderId === orderId);
    expect(listed).toMatchObject({
      numItems: 2,
      totalQuantity: 14,
      totalPrice: 127.66,
      displayTotalPrice: '$127.66',
    });
  });

  it('recomputes calculated lines when a quantity changes and keeps manual prices as typed', async () => {
    const edited = await save({
      orderId,
      version: 1,
      ...customer,
      products: [
        { productId: seedling, quantity: 5, isStatic: false },
        { productId: special, quantity: 3, price: 12.5, isStatic: true },
        { productId: shrub, quantity: 4, price: 3, isStatic: true },
      ],
    });
    expect(edited.status).toBe(200);
    const order = edited.body.data;
    expect(order.version).toBe(2);
    expect(order.products.map((p) => [p.unitPrice, p.price])).toEqual([
      [10, 50],
      [12.5, 37.5],
      [3, 12],
    ]);
    // 2.75 + 2.0625 -> 2.06 + 0.66
    expect(order.subtotal).toBe(99.5);
    expect(order.tax).toBe(5.47);
    expect(order.total).toBe(104.97);
    expect(await stockLeft(seedling)).toBe(15);
  });

  it('keeps the price a line was sold at when only other things change, and reprices a changed quantity', async () => {
    const placed = await save({
      ...customer,
      name: 'Price Keeper',
      products: [{ productId: shrub, quantity: 4 }],
    });
    expect(placed.body.data.products[0]?.unitPrice).toBe(4.25);
    const sqlite = server.shop.database.sqlite;
    sqlite.prepare('update product_prices set price_cents = 500 where product_id = ?').run(shrub);
    try {
      const comments = await save({
        ...customer,
        orderId: placed.body.data.orderId,
        version: 1,
        name: 'Price Keeper',
        comments: 'Typo fixed.',
        products: [{ productId: shrub, quantity: 4, isStatic: false }],
      });
      expect(comments.body.data.products[0]?.unitPrice).toBe(4.25);
      expect(comments.body.data.total).toBe(placed.body.data.total);
      const more = await save({
        ...customer,
        orderId: placed.body.data.orderId,
        version: 2,
        name: 'Price Keeper',
        products: [{ productId: shrub, quantity: 5, isStatic: false }],
      });
      expect(more.body.data.products[0]?.unitPrice).toBe(5);
    } finally {
      sqlite.prepare('update product_prices set price_cents = 425 where product_id = ?').run(shrub);
    }
  });

  it('refuses an update made from an outdated version with 409, changing nothing', async () => {
    const stale = await save({
      orderId,
      version: 1,
      ...customer,
      products: [{ productId: shrub, quantity: 1 }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ORDER_STALE);
    const now = await details(orderId);
    expect(now.body.data.version).toBe(2);
    expect(now.body.data.products).toHaveLength(3);
  });

  it('refuses more than the stock left, counting what the order already holds', async () => {
    const other = await save({
      ...customer,
      name: 'Bo Other',
      products: [{ productId: seedling, quantity: 16 }],
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Only 15 of Bur Oak are left.');

    // This order holds 5; 15 more are left, so 20 is the most it can have.
    const tooMany = await save({
      orderId,
      version: 2,
      ...customer,
      products: [{ productId: seedling, quantity: 21 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Only 20 of Bur Oak are left.');

    // Through tRPC (the order page), the refusal also names the line and field it is about, so the page can
    // mark that quantity; the same goes for a refused input check.
    const call = async (input: Record<string, unknown>) => {
      const response = await fetch(`${server.url}/trpc/orders.update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { data: { problems?: unknown } } };
      return body.error.data.problems;
    };
    expect(
      await call({
        ...customer,
        products: [
          { productId: shrub, quantity: 1 },
          { productId: seedling, quantity: 99 },
        ],
      }),
    ).toEqual([{ path: ['products', 1, 'quantity'], message: 'Only 15 of Bur Oak are left.' }]);
    expect(await call({ ...customer, name: '', products: [{ productId: shrub, quantity: 0 }] })).toEqual(
      expect.arrayContaining([
        { path: ['name'], message: 'You must enter a name for the order.' },
        {
          path: ['products', 0, 'quantity'],
          message: 'Each product on an order needs a quantity of at least 1.',
        },
      ]),
    );

    const all = await save({
      orderId,
      version: 2,
      ...customer,
      products: [{ productId: seedling, quantity: 20 }],
    });
    expect(all.status).toBe(200);
    expect(await stockLeft(seedling)).toBe(0);
    // Taking the last of a counted product sells it out, as a submit does.
    const sqlite = server.shop.database.sqlite;
    const status = sqlite
      .prepare('select product_status as s from products where product_id = ?')
      .get(seedling);
    expect(status).toEqual({ s: 3 });
    sqlite.prepare('update products set product_status = 2 where product_id = ?').run(seedling);
  });

  it('lets staff put special-order and inactive products on an order, and asks for a manual price when there are no tiers', async () => {
    const noPrice = await save({
      ...customer,
      products: [{ productId: special, quantity: 1, isStatic: false }],
    });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.message).toContain('has no price for a quantity of 1');
    const ok = await save({ ...customer, products: [{ productId: retired, quantity: 2 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.total).toBe(6.33);
  });

  it('sets and clears tax exemption, and the public order view follows', async () => {
    const before = await details(orderId);
    const exempt = await rest<AdminOrder>(server.url, 'PUT', '/api/v1/Orders/Update/Flags', {
      token,
      body: { orderId, isTaxExempt: true },
    });
    expect(exempt.status).toBe(200);
    expect(exempt.body.data.isTaxExempt).toBe(true);
    expect(exempt.body.data.tax).toBe(0);
    expect(exempt.body.data.total).toBe(exempt.body.data.subtotal);
    expect(exempt.body.data.version).toBe(before.body.data.version + 1);
    const publicView = await lookup(orderId, '555.010.2233');
    expect(publicView.status).toBe(200);
    expect(publicView.body.data.isTaxExempt).toBe(true);
    expect(publicView.body.data.tax).toBe(0);
    expect(publicView.body.data.products.every((p) => p.tax === 0)).toBe(true);

    const listed = (await season(2025)).body.data.find((o) => o.orderId === orderId);
    expect(listed?.isTaxExempt).toBe(true);
    expect(listed?.totalPrice).toBe(160);

    await rest(server.url, 'PUT', '/api/v1/Orders/Update/Flags', {
      token,
      body: { orderId, isTaxExempt: false },
    });
    const taxed = await lookup(orderId, '5550102233');
    expect(taxed.body.data.isTaxExempt).toBe(false);
    expect(taxed.body.data.tax).toBe(8.8);
    expect(taxed.body.data.total).toBe(168.8);

    const stale = await rest(server.url, 'PUT', '/api/v1/Orders/Update/Flags', {
      token,
      body: { orderId, isTaxExempt: true, version: 1 },
    });
    expect(stale.status).toBe(409);
  });

  it('saves a tax-exempt order from the edit page without tax', async () => {
    const saved = await save({
      ...customer,
      name: 'Township Parks',
      isTaxExempt: true,
      products: [{ productId: shrub, quantity: 10 }],
    });
    expect(saved.body.data).toMatchObject({ isTaxExempt: true, subtotal: 42.5, tax: 0, total: 42.5 });
  });

  it('deletes and restores: the order leaves and rejoins the lookup, the season list and the stock counts', async () => {
    expect(await stockLeft(seedling)).toBe(0);
    const deleted = await rest<ListItem>(
      server.url,
      'DELETE',
      `/api/v1/Orders/DeleteOrder?orderId=${orderId}`,
      { token },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Successfully deleted');
    expect(deleted.body.data.deletedUsername).toBe('Olive Owner');

    expect(await stockLeft(seedling)).toBe(20);
    const gone = await lookup(orderId, customer.phoneNumber);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(ORDER_NOT_FOUND);
    expect((await season(2025)).body.data.some((o) => o.orderId === orderId)).toBe(false);
    const all = await rest<ListItem[]>(server.url, 'GET', '/api/v1/Orders/GetAllOrders', { token });
    expect(all.body.data.some((o) => o.orderId === orderId)).toBe(false);
    const bin = await rest<ListItem[]>(server.url, 'GET', '/api/v1/Orders/GetAllDeletedOrders', { token });
    expect(bin.body.data[0]).toMatchObject({ orderId, deletedUsername: 'Olive Owner' });
    expect(bin.body.data[0]?.displayDeletedTimestamp).toBe('3/10/2026 9:30 AM');
    // text filters the deleted orders as the Orders screen's filter does.
    const binText = (text: string) =>
      rest<ListItem[]>(
        server.url,
        'GET',
        `/api/v1/Orders/GetAllDeletedOrders?text=${encodeURIComponent(text)}`,
        { token },
      );
    const byName = await binText('QUILL');
    expect(byName.body.data.map((o) => o.orderId)).toContain(orderId);
    expect(byName.body.data.every((o) => o.name.toLowerCase().includes('quill'))).toBe(true);
    expect((await binText('nobody-has-this-name')).body.data).toEqual([]);
    const tooLong = await binText('x'.repeat(201));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('The filter may be at most 200 characters.');

    // A deleted order cannot be edited until it is restored.
    const version = (await details(orderId)).body.data.version;
    const edit = await save({ orderId, version, ...customer, products: [{ productId: shrub, quantity: 1 }] });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(`Order ${orderId} is deleted. Restore it before changing it.`);

    const restored = await rest(server.url, 'DELETE', `/api/v1/Orders/RestoreOrder?orderId=${orderId}`, {
      token,
    });
    expect(restored.status).toBe(200);
    expect(await stockLeft(seedling)).toBe(0);
    expect((await lookup(orderId, customer.phoneNumber)).status).toBe(200);
    expect((await season(2025)).body.data.some((o) => o.orderId === orderId)).toBe(true);
    const binAfter = await rest<ListItem[]>(server.url, 'GET', '/api/v1/Orders/GetAllDeletedOrders', {
      token,
    });
    expect(binAfter.body.data.some((o) => o.orderId === orderId)).toBe(false);
  });

  it('invalidates the storefront product list on every change', async () => {
    const first = await rest(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
    expect(first.status).toBe(200);
    let built = 0;
    const original = server.shop.catalogCache.invalidate.bind(server.shop.catalogCache);
    server.shop.catalogCache.invalidate = () => {
      built++;
      original();
    };
    await rest(server.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${orderId}`, { token });
    await rest(server.url, 'DELETE', `/api/v1/Orders/RestoreOrder?orderId=${orderId}`, { token });
    await rest(server.url, 'PUT', '/api/v1/Orders/Update/Flags', {
      token,
      body: { orderId, isTaxExempt: false },
    });
    server.shop.catalogCache.invalidate = original;
    expect(built).toBe(3);
  });
});

describe('bad input', () => {
  it('answers 400 with a message a person can act on, on every call', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'GET',
        '/api/v1/Orders/GetOrderDetailsById?orderId=abc',
        undefined,
        'The order id must be a positive whole number.',
      ],
      [
        'GET',
        '/api/v1/Orders/GetOrderDetailsById',
        undefined,
        'The order id must be a positive whole number.',
      ],
      [
        'GET',
        '/api/v1/Orders/GetAllOrdersForSeason?season=last',
        undefined,
        'The season must be a starting year',
      ],
      [
        'GET',
        '/api/v1/Orders/GetAllOrdersForSeason?season=12',
        undefined,
        'The season must be a starting year',
      ],
      ['PUT', '/api/v1/Orders/Update', {}, ORDER_MESSAGES.products],
      ['PUT', '/api/v1/Orders/Update', { name: 'X', phoneNumber: '1' }, ORDER_MESSAGES.products],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { phoneNumber: '1', products: [{ productId: shrub, quantity: 1 }] },
        'You must enter a name for the order.',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { name: 'X', products: [{ productId: shrub, quantity: 1 }] },
        ORDER_MESSAGES.phone,
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, products: [{ productId: shrub, quantity: 0 }] },
        'at least 1',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, products: [{ productId: shrub, quantity: 1.5 }] },
        'whole numbers',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, products: [{ productId: shrub, quantity: 1, isStatic: true, price: '12.345' }] },
        'at most two decimals',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, products: [{ productId: shrub, quantity: 1, isStatic: true, price: 'ten' }] },
        'at most two decimals',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, products: [{ productId: shrub, quantity: 1, isStatic: true }] },
        'Enter a unit price',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        {
          ...customer,
          products: [
            { productId: shrub, quantity: 1 },
            { productId: shrub, quantity: 2 },
          ],
        },
        'on the order twice',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, products: [{ productId: 99999, quantity: 1 }] },
        'There is no product number 99999.',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, email: 'ada@', products: [{ productId: shrub, quantity: 1 }] },
        'valid email',
      ],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, orderId: 1, products: [{ productId: shrub, quantity: 1 }] },
        'Send the version',
      ],
      ['PUT', '/api/v1/Orders/Update', '[1,2', 'JSON'],
      ['PUT', '/api/v1/Orders/Update/Flags', { orderId: 1 }, 'isTaxExempt must be true or false.'],
      [
        'PUT',
        '/api/v1/Orders/Update/Flags',
        { orderId: 'x', isTaxExempt: true },
        'The order id must be a positive whole number.',
      ],
      [
        'DELETE',
        '/api/v1/Orders/DeleteOrder?orderId=-3',
        undefined,
        'The order id must be a positive whole number.',
      ],
      [
        'DELETE',
        '/api/v1/Orders/RestoreOrder?orderId=1.5',
        undefined,
        'The order id must be a positive whole number.',
      ],
      [
        'PUT',
        '/api/v1/Contact/SetSpam?contactId=abc&isSpam=true',
        undefined,
        'The contact id must be a positive whole number.',
      ],
      [
        'PUT',
        '/api/v1/Contact/SetSpam?contactId=1&isSpam=perhaps',
        undefined,
        'isSpam must be true or false.',
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await rest(server.url, method, path, { token, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.message, `${method} ${path} ${JSON.stringify(body)}`).toContain(message);
    }
  });

  it('says a 20-digit order number is larger than any order, not that it is not whole, over REST and tRPC', async () => {
    // Each was told "must be a (positive) whole number", which it is; as text, GetOrderDetailsById looked for
    // order 12345678901234567000 instead.
    const big = '12345678901234567890';
    const larger = 'The order id is larger than any the shop has.';
    for (const [method, path, body, message] of [
      ['GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${big}`, undefined, larger],
      ['PUT', '/api/v1/Orders/Update/Flags', `{"orderId":${big},"isTaxExempt":true}`, larger],
      ['PUT', '/api/v1/Orders/Update/Flags', `{"orderId":"${big}","isTaxExempt":true}`, larger],
      ['DELETE', `/api/v1/Orders/DeleteOrder?orderId=${big}`, undefined, larger],
      [
        'GET',
        `/api/v1/Orders/GetOrderEmails?orderId=${big}`,
        undefined,
        'orderId is larger than any the shop has.',
      ],
      ['GET', `/api/v1/Orders/GetOrderById?orderId=${big}`, undefined, ORDER_NOT_FOUND],
    ] as const) {
      const response = await rest(server.url, method, path, { token, body });
      expect(response.status, `${method} ${path} ${body}`).toBe(400);
      expect(response.body.message, `${method} ${path} ${body}`).toBe(message);
    }
    const input = encodeURIComponent(`{"orderId":${big}}`);
    const viaTrpc = await fetch(`${server.url}/trpc/orders.detailsById?input=${input}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaTrpc.status).toBe(400);
    expect(((await viaTrpc.json()) as { error: { message: string } }).error.message).toBe(larger);
  });

  it('answers 404 for an order or contact that does not exist', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/v1/Orders/GetOrderDetailsById?orderId=99999', undefined],
      [
        'PUT',
        '/api/v1/Orders/Update',
        { ...customer, orderId: 99999, version: 1, products: [{ productId: shrub, quantity: 1 }] },
      ],
      ['PUT', '/api/v1/Orders/Update/Flags', { orderId: 99999, isTaxExempt: true }],
      ['DELETE', '/api/v1/Orders/DeleteOrder?orderId=99999', undefined],
      ['DELETE', '/api/v1/Orders/RestoreOrder?orderId=99999', undefined],
      ['PUT', '/api/v1/Contact/SetSpam?contactId=99999&isSpam=true', undefined],
    ] as const) {
      const response = await rest(server.url, method, path, { token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.message).toMatch(/There is no (order|contact message) number 99999\./);
    }
  });
});

describe('a season of hundreds of orders', () => {
  // How fast is measured by the benchmark script; this checks the list is whole and ordered.
  it('lists all 600 orders of a busy season, newest first', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({
      name: `Bulk Customer ${i}`,
      phoneNumber: '555-000-0000',
      seasonPurchased: 2023,
      totalCents: 1000 + i,
      numItems: 1,
      totalQuantity: 3,
      createdAt: zonedTimeToInstant(TZ, 2023, 9, 1).getTime() + i * 60_000,
    }));
    server.shop.db.insert(orders).values(rows).run();
    const list = await season(2023);
    expect(list.body.data).toHaveLength(600);
    expect(list.body.data[0]?.name).toBe('Bulk Customer 599');
    expect(list.body.data[0]?.displayTotalPrice).toBe('$15.99');
  });
});

describe('tax', () => {
  it("answers per-line tax that adds up to the order's tax on every REST read (GetOrderById, GetOrderDetailsById, GetAllOrders)", async () => {
    // Four $1.00 lines: 5.5% of $4.00 is $0.22; each line's exact share is 5.5 cents, so two lines take 6 and
    // two take 5 (the earlier lines on the tie). Rounding each line and summing would say $0.24.
    const placed = await save({
      ...customer,
      name: 'Four Singles',
      // A product of its own: the season's counted stock of the others may be sold by the tests before.
      products: [
        addProduct('Pin Cherry', 2, [{ startQuantity: 1, endQuantity: null, priceCents: 100 }]),
        shrub,
        special,
        retired,
      ].map((productId) => ({
        productId,
        quantity: 1,
        price: 1,
        isStatic: true,
      })),
    });
    expect(placed.status, placed.body.message).toBe(200);
    const { orderId } = placed.body.data;
    const cents = (dollars: number) => Math.round(dollars * 100);
    const lineTaxCents = (order: { products: OrderLine[] }) => order.products.map((p) => cents(p.tax));

    const staffView = (await details(orderId)).body.data;
    const customerView = (await lookup(orderId, customer.phoneNumber)).body.data;
    for (const order of [staffView, customerView]) {
      expect(order).toMatchObject({ tax: 0.22, total: 4.22 });
      expect(lineTaxCents(order)).toEqual([6, 6, 5, 5]);
      expect(lineTaxCents(order).reduce((a, b) => a + b, 0)).toBe(cents(order.tax));
      expect(order.products.map((p) => p.total)).toEqual([1.06, 1.06, 1.05, 1.05]);
    }
    const all = await rest<ListItem[]>(server.url, 'GET', '/api/v1/Orders/GetAllOrders', { token });
    const inSeason = await season(2025);
    for (const list of [all.body.data, inSeason.body.data]) {
      expect(list.find((o) => o.orderId === orderId)).toMatchObject({
        totalPrice: 4.22,
        displayTotalPrice: '$4.22',
      });
    }

    // And so does every order the shop holds, whatever its lines.
    for (const row of all.body.data) {
      const order = (await details(row.orderId)).body.data;
      expect([row.orderId, lineTaxCents(order).reduce((a, b) => a + b, 0)]).toEqual([
        row.orderId,
        cents(order.tax),
      ]);
      expect([row.orderId, cents(row.totalPrice)]).toEqual([row.orderId, cents(order.total)]);
    }
  });

  it('taxes the order subtotal and shares it over the lines; an old order keeps its stored tax until a line changes', async () => {
    // $1.00 + $1.00 + $4.00: 5.5% of $6.00 is $0.33 (rounding each line and summing gave $0.34).
    const lines = [
      { productId: shrub, quantity: 1, price: 1, isStatic: true },
      { productId: retired, quantity: 1, price: 1, isStatic: true },
      { productId: special, quantity: 1, price: 4, isStatic: true },
    ];
    const placed = await save({ ...customer, name: 'Tax Counter', products: lines });
    expect(placed.status).toBe(200);
    const order = placed.body.data;
    expect(order).toMatchObject({ subtotal: 6, tax: 0.33, total: 6.33 });
    expect(order.products.map((p) => p.tax)).toEqual([0.06, 0.05, 0.22]);

    // An order stored by the old per-line rule ($0.06 + $0.06 + $0.22 = $0.34) keeps it through an edit that
    // changes no line: a placed order's money never changes behind the customer's back.
    const sqlite = server.shop.database.sqlite;
    sqlite
      .prepare(
        'update order_lines set tax_cents = 6, total_cents = 106 where order_id = ? and product_id = ?',
      )
      .run(order.orderId, retired);
    sqlite
      .prepare('update orders set tax_cents = 34, total_cents = 634 where order_id = ?')
      .run(order.orderId);
    const commented = await save({
      ...customer,
      orderId: order.orderId,
      version: order.version,
      name: 'Tax Counter',
      comments: 'Picks up Saturday.',
      products: lines,
    });
    expect(commented.status).toBe(200);
    expect(commented.body.data).toMatchObject({ subtotal: 6, tax: 0.34, total: 6.34 });
    expect(commented.body.data.products.map((p) => p.tax)).toEqual([0.06, 0.06, 0.22]);

    // A changed line taxes it again by today's rule: $1 + $1 + $8 = $10.00 -> $0.55.
    const changed = await save({
      ...customer,
      orderId: order.orderId,
      version: commented.body.data.version,
      name: 'Tax Counter',
      products: [lines[0], lines[1], { ...lines[2], quantity: 2 }],
    });
    expect(changed.body.data).toMatchObject({ subtotal: 10, tax: 0.55, total: 10.55 });
    expect(changed.body.data.products.map((p) => p.tax)).toEqual([0.06, 0.05, 0.44]);

    // The exemption toggled off and on again uses the same rule (per line: 6 + 6 + 44 = $0.56), and the
    // public order view shows the stored figures.
    for (const isTaxExempt of [true, false]) {
      await rest(server.url, 'PUT', '/api/v1/Orders/Update/Flags', {
        token,
        body: { orderId: order.orderId, isTaxExempt },
      });
    }
    const shown = await lookup(order.orderId, customer.phoneNumber);
    expect(shown.body.data).toMatchObject({ tax: 0.55, total: 10.55 });
    expect(shown.body.data.products.map((p) => p.tax)).toEqual([0.06, 0.05, 0.44]);
  });
});
