import { orderLines, orders } from '@nursery/db';
import { PRODUCT_STALE } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonStaffToken, rest, type TestServer } from '../src/testing.ts';
import { setProductStatus } from './support/orders.ts';
import { OWNER, signedInShop } from './support/shop.ts';

interface Tier {
  productPriceId: number;
  startQuantity: number;
  endQuantity: number | null;
  price: number;
  displayPrice: string;
}
interface AdminProduct {
  productId: number;
  name: string;
  productStatus: number;
  displayProductStatus: string;
  productTypeId: number;
  isDougs: boolean;
  prices: Tier[];
  numSold: number;
  displayProductRevenue: string;
  calculatedStock: number | null;
  version: number;
}

let server: TestServer;
let token: string;

const threeTiers = [
  { startQuantity: '1', endQuantity: '9', price: 4.5 },
  { startQuantity: '10', endQuantity: '49', price: '3.75' },
  { startQuantity: '50', endQuantity: '', price: 2 },
];

async function save(product: unknown, path = '/api/v1/Products/SaveProduct') {
  return rest<{ product: AdminProduct; isNewProduct: boolean }>(server.url, 'POST', path, {
    body: product,
    token,
  });
}

async function storefrontIds(): Promise<number[]> {
  const r = await rest<AdminProduct[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
  return r.body.data.map((p) => p.productId);
}

beforeAll(async () => {
  ({ server, token } = await signedInShop({ DEMO_DATA: 'false' }, {}, OWNER));
});
afterAll(async () => server?.stop());

describe('admin catalogue over REST', () => {
  it('answers 401 on every admin product path without a token', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/v1/Products/GetAllProductsWithStats'],
      ['GET', '/api/v1/Products/GetProductOrders?productId=1'],
      ['PUT', '/api/v1/Products/SetProductStatus?productId=1&productStatus=2'],
      ['POST', '/api/v1/Products/SaveProduct'],
      ['PUT', '/api/v1/Products/Update/Flags'],
      ['POST', '/api/v1/Products/SaveSpecialOrderProduct'],
      ['PUT', '/api/v1/Products/DeleteProduct?productId=1'],
    ];
    for (const [method, path] of calls) {
      const r = await rest(
        server.url,
        method,
        path,
        method === 'GET' || path.includes('?') ? {} : { body: {} },
      );
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body.success).toBe(false);
    }
  });

  it('answers 403 to a valid token of someone who is not staff', async () => {
    const visitor = await nonStaffToken(server);
    const r = await rest(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', { token: visitor });
    expect(r.status).toBe(403);
    const save = await rest(server.url, 'POST', '/api/v1/Products/SaveProduct', {
      token: visitor,
      body: { name: 'Sneaky', prices: threeTiers },
    });
    expect(save.status).toBe(403);
  });

  it('adds a product with three tiers that shows on the storefront at once', async () => {
    // Warm the storefront cache first, so the test proves the save invalidates it.
    const before = await storefrontIds();
    const r = await save({
      productId: '',
      name: 'Bur Oak',
      description: 'Quercus macrocarpa, bare root.',
      species: 'Quercus macrocarpa',
      zones: '3-8',
      productSize: '12-18"',
      prices: threeTiers,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Successfully saved product.');
    expect(r.body.data.isNewProduct).toBe(true);
    const p = r.body.data.product;
    expect(p.productTypeId).toBe(9);
    expect(p.productStatus).toBe(2);
    expect(p.prices.map((t) => [t.startQuantity, t.endQuantity, t.price, t.displayPrice])).toEqual([
      [1, 9, 4.5, '$4.50'],
      [10, 49, 3.75, '$3.75'],
      [50, null, 2, '$2.00'],
    ]);
    expect(before).not.toContain(p.productId);
    expect(await storefrontIds()).toContain(p.productId);
  });

  it('updates a product, keeping the ids of the tiers it keeps', async () => {
    const created = (await save({ name: 'Red Osier Dogwood', prices: threeTiers })).body.data.product;
    const [first, second] = created.prices as [Tier, Tier, Tier];
    const r = await save({
      ...created,
      name: 'Red Osier Dogwood (Cornus sericea)',
      prices: [
        { ...first, endQuantity: 24 },
        { productPriceId: second.productPriceId, startQuantity: 25, endQuantity: null, price: 3 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.isNewProduct).toBe(false);
    expect(r.body.data.product.name).toBe('Red Osier Dogwood (Cornus sericea)');
    expect(r.body.data.product.prices.map((t) => [t.productPriceId, t.startQuantity, t.endQuantity])).toEqual(
      [
        [first.productPriceId, 1, 24],
        [second.productPriceId, 25, null],
      ],
    );
  });

  it('refuses tiers that overlap, leave a gap or lack a price, naming each problem', async () => {
    const r = await save({
      name: 'Bad Tiers',
      prices: [
        { startQuantity: '1', endQuantity: '10', price: 5 },
        { startQuantity: '8', endQuantity: '20', price: 4 },
        { startQuantity: '30', endQuantity: '', price: '' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Price 1 and Price 2 overlap: quantities 8 to 10 are in both.');
    expect(r.body.message).toContain(
      'There is a gap between Price 2 and Price 3: quantities 21 to 29 have no price.',
    );
    expect(r.body.message).toContain('Price 3: enter a price.');

    const empty = await save({ name: 'No Prices', prices: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('A product needs at least one price.');

    const noName = await save({ name: '  ', prices: threeTiers });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('Enter a name for the product.');

    const letters = await save({
      name: 'Letters',
      prices: [{ startQuantity: 'one', endQuantity: '', price: 1 }],
    });
    expect(letters.status).toBe(400);
    expect(letters.body.message).toContain('The start quantity must be a whole number.');
  });

  it('answers 404 for saving a product that does not exist', async () => {
    const r = await save({ productId: 987654, name: 'Ghost', prices: threeTiers });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('There is no product with id 987654.');
  });

  it('sets a status: the storefront follows, and 4 deletes softly', async () => {
    const p = (await save({ name: 'Paper Birch', prices: threeTiers })).body.data.product;
    expect(await storefrontIds()).toContain(p.productId);

    const inactive = await setProductStatus<{
      productId: number;
      productStatus: number;
      product: AdminProduct;
    }>(server, token, p.productId, 1);
    expect(inactive.status).toBe(200);
    expect(inactive.body.data.productId).toBe(p.productId);
    expect(inactive.body.data.productStatus).toBe(1);
    expect(inactive.body.data.product.displayProductStatus).toBe('Inactive');
    expect(await storefrontIds()).not.toContain(p.productId);

    const soldOut = await setProductStatus<{ product: AdminProduct }>(server, token, p.productId, 3);
    expect(soldOut.body.data.product.productStatus).toBe(3);
    expect(await storefrontIds()).toContain(p.productId);

    const bad = await setProductStatus(server, token, p.productId, 9);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/productStatus must be one of/);

    const deleted = await setProductStatus<{ product: AdminProduct | null }>(server, token, p.productId, 4);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.product).toBeNull();
    const all = await rest<AdminProduct[]>(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', {
      token,
    });
    expect(all.body.data.map((x) => x.productId)).not.toContain(p.productId);
    expect(await storefrontIds()).not.toContain(p.productId);
  });

  it('toggles the brand flag and nothing else', async () => {
    const p = (await save({ name: 'Wild Plum', prices: threeTiers })).body.data.product;
    const r = await rest<AdminProduct>(server.url, 'PUT', '/api/v1/Products/Update/Flags', {
      token,
      body: { ...p, name: 'Ignored Name', isDougs: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Flags updated.');
    expect(r.body.data.isDougs).toBe(true);
    expect(r.body.data.name).toBe('Wild Plum');
    const missing = await rest(server.url, 'PUT', '/api/v1/Products/Update/Flags', {
      token,
      body: { productId: p.productId },
    });
    expect(missing.status).toBe(400);
  });

  it('creates special-order products apart from the normal list', async () => {
    const r = await rest<AdminProduct>(server.url, 'POST', '/api/v1/Products/SaveSpecialOrderProduct', {
      token,
      body: { productId: 1, name: 'Custom Hedge Package', productStatus: 2, prices: [] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.productStatus).toBe(5);
    expect(r.body.data.productId).not.toBe(1);
    const withoutSpecial = await rest<AdminProduct[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetAllProductsWithStats',
      { token },
    );
    expect(withoutSpecial.body.data.map((x) => x.productId)).not.toContain(r.body.data.productId);
    const withSpecial = await rest<AdminProduct[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetAllProductsWithStats?includeSpecialOrderProducts=true',
      { token },
    );
    expect(withSpecial.body.data.map((x) => x.productId)).toContain(r.body.data.productId);
    expect(await storefrontIds()).not.toContain(r.body.data.productId);
  });

  it('deletes softly: gone from lists and storefront, kept on past orders', async () => {
    const p = (await save({ name: 'Hazelnut', prices: threeTiers })).body.data.product;
    const r = await rest<{ productId: number }>(
      server.url,
      'PUT',
      `/api/v1/Products/DeleteProduct?productId=${p.productId}`,
      { token },
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Successfully deleted product.');
    expect(r.body.data.productId).toBe(p.productId);
    const row = server.shop.database.sqlite
      .prepare('select product_status as status, deleted_by as deletedBy from products where product_id = ?')
      .get(p.productId) as { status: number; deletedBy: string };
    expect(row).toEqual({ status: 4, deletedBy: 'Olive Owner' });
    expect(await storefrontIds()).not.toContain(p.productId);
    const again = await rest(server.url, 'PUT', `/api/v1/Products/DeleteProduct?productId=${p.productId}`, {
      token,
    });
    expect(again.status).toBe(404);
    const bad = await rest(server.url, 'PUT', '/api/v1/Products/DeleteProduct?productId=abc', { token });
    expect(bad.status).toBe(400);
  });

  it("lists a product's orders newest first, without deleted orders", async () => {
    const p = (await save({ name: 'Serviceberry', prices: threeTiers })).body.data.product;
    const db = server.shop.db;
    const add = (name: string, createdAt: number, quantity: number, deletedAt: number | null = null) => {
      const order = db
        .insert(orders)
        .values({
          name,
          email: `${name.toLowerCase()}@example.com`,
          phoneNumber: '555-0100',
          seasonPurchased: 2024,
          createdAt,
          deletedAt,
        })
        .returning({ orderId: orders.orderId })
        .get();
      db.insert(orderLines)
        .values({
          orderId: order.orderId,
          productId: p.productId,
          quantity,
          unitPriceCents: 375,
          subtotalCents: 375 * quantity,
          totalCents: 375 * quantity,
        })
        .run();
      return order.orderId;
    };
    const older = add('Ann', Date.UTC(2024, 9, 1), 12);
    const newer = add('Bob', Date.UTC(2025, 0, 5), 20);
    add('Gone', Date.UTC(2025, 0, 6), 5, Date.UTC(2025, 0, 7));
    const r = await rest<
      { orderId: number; quantity: number; price: number; displayPrice: string; name: string }[]
    >(server.url, 'GET', `/api/v1/Products/GetProductOrders?productId=${p.productId}`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data.map((o) => o.orderId)).toEqual([newer, older]);
    expect(r.body.data[0]).toMatchObject({ quantity: 20, price: 75, displayPrice: '$75.00', name: 'Bob' });
    const unknown = await rest(server.url, 'GET', '/api/v1/Products/GetProductOrders?productId=999999', {
      token,
    });
    expect(unknown.status).toBe(404);
  });

  it('reaches the same procedures over tRPC', async () => {
    const response = await fetch(`${server.url}/trpc/catalog.allWithStats`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const anonymous = await fetch(`${server.url}/trpc/catalog.allWithStats`);
    expect(anonymous.status).toBe(401);
  });
});

describe('product versions: two staff saving one product', () => {
  async function adminProduct(productId: number): Promise<AdminProduct> {
    const list = await rest<AdminProduct[]>(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', {
      token,
    });
    const found = list.body.data.find((p) => p.productId === productId);
    if (!found) throw new Error(`product ${productId} is not in the admin list`);
    return found;
  }

  it('the admin read carries the version; the storefront does not show it', async () => {
    const created = (await save({ name: 'Versioned Birch', prices: threeTiers })).body.data.product;
    expect(created.version).toBe(1);
    expect((await adminProduct(created.productId)).version).toBe(1);
    const shown = await rest<Record<string, unknown>[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetProductsToShow',
    );
    const onShop = shown.body.data.find((p) => p.productId === created.productId);
    expect(onShop).toBeDefined();
    expect(onShop).not.toHaveProperty('version');
  });

  it('refuses the later of two saves made from the same read with 409, keeping the first', async () => {
    const created = (await save({ name: 'Contested Maple', prices: threeTiers })).body.data.product;
    const aliceRead = await adminProduct(created.productId);
    const bobRead = await adminProduct(created.productId);

    const alice = await save({ ...aliceRead, description: 'Alice: sugar maple, 2 m.' });
    expect(alice.status).toBe(200);
    expect(alice.body.data.product.version).toBe(2);

    const bob = await save({ ...bobRead, description: 'Bob: red maple.' });
    expect(bob.status).toBe(409);
    expect(bob.body.success).toBe(false);
    expect(bob.body.message).toBe(PRODUCT_STALE);
    const stored = await adminProduct(created.productId);
    expect(stored).toMatchObject({ version: 2 });
    expect((stored as unknown as { description: string }).description).toBe('Alice: sugar maple, 2 m.');

    // Bob reloads and saves again from the fresh read.
    const again = await save({ ...stored, description: 'Bob: red maple.' });
    expect(again.status).toBe(200);
    expect(again.body.data.product.version).toBe(3);
  });

  it('a save without a version still works, as older API clients send it', async () => {
    const created = (await save({ name: 'Unversioned Ash', prices: threeTiers })).body.data.product;
    const { version: _left, ...withoutVersion } = created;
    await save({ ...created, name: 'Unversioned Ash (moved on)' });
    const r = await save({ ...withoutVersion, name: 'Unversioned Ash, last word' });
    expect(r.status).toBe(200);
    expect(r.body.data.product.name).toBe('Unversioned Ash, last word');
    expect(r.body.data.product.version).toBe(3);
  });

  it('stock counts and photo changes do not move the version; status and brand flag changes do', async () => {
    const created = (await save({ name: 'Busy Spruce', prices: threeTiers })).body.data.product;
    const id = created.productId;
    const stock = await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId: id, changeInStock: 25, notes: 'delivery' }],
    });
    expect(stock.status).toBe(200);
    const photo = await rest(server.url, 'PUT', `/api/v1/Uploads/Reset?productId=${id}`, { token });
    expect(photo.status).toBe(200);
    expect((await adminProduct(id)).version).toBe(1);
    // The editor opened before the stock and photo changes saves without a conflict.
    const edited = await save({ ...created, zones: '2-6' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.product.version).toBe(2);

    const readBefore = await adminProduct(id);
    const status = await setProductStatus(server, token, id, 7);
    expect(status.status).toBe(200);
    expect((await save({ ...readBefore, productStatus: 2 })).status).toBe(409);
    expect((await adminProduct(id)).productStatus).toBe(7);

    const readBeforeFlag = await adminProduct(id);
    const flag = await rest(server.url, 'PUT', '/api/v1/Products/Update/Flags', {
      token,
      body: { productId: id, isDougs: true },
    });
    expect(flag.status).toBe(200);
    expect((await save({ ...readBeforeFlag, isDougs: false })).status).toBe(409);
    expect((await adminProduct(id)).isDougs).toBe(true);
  });

  it('a stock change that sells a product out moves the version, since a save could put it back on sale', async () => {
    const created = (await save({ name: 'Last Larch', prices: threeTiers })).body.data.product;
    const id = created.productId;
    await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId: id, changeInStock: 3 }],
    });
    const read = await adminProduct(id);
    await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId: id, changeInStock: -3, notes: 'frost' }],
    });
    const after = await adminProduct(id);
    expect(after.productStatus).toBe(3);
    expect(after.version).toBe(read.version + 1);
    expect((await save({ ...read, productStatus: 2 })).status).toBe(409);
    expect((await adminProduct(id)).productStatus).toBe(3);
  });

  it('refuses a version that is not a positive whole number with 400', async () => {
    const created = (await save({ name: 'Odd Version Elm', prices: threeTiers })).body.data.product;
    for (const [version, message] of [
      ['two', 'The version must be a number.'],
      [1.5, 'The version must be a whole number.'],
      [0, 'The version must be a positive number.'],
    ] as const) {
      const r = await save({ ...created, version });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(message);
    }
  });

  it('over tRPC too', async () => {
    const created = (await save({ name: 'Twice Read Willow', prices: threeTiers })).body.data.product;
    const call = (product: AdminProduct, description: string) =>
      fetch(`${server.url}/trpc/catalog.save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...product, description }),
      });
    expect((await call(created, 'first')).status).toBe(200);
    const second = await call(created, 'second');
    expect(second.status).toBe(409);
    expect(JSON.stringify(await second.json())).toContain(PRODUCT_STALE);
  });
});
