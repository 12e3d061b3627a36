import { statSync } from 'node:fs';
import { orders, productPrices, products, stockChanges } from '@nursery/db';
import { ProductStatus } from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreBackupFile, writeBackupFile } from '../backup/service.ts';
import { currentSeason } from '../stock/levels.ts';
import { openTestShop, type TestShop } from '../testing/testShop.ts';
import { loadOrder } from './orderShape.ts';

// The submit path runs statements prepared once per connection (perConnection in packages/db). These
// check that they always read and write the database they belong to, whatever happened to it since.

const customer = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  confirmEmail: 'grace@example.com',
  phoneNumber: '555-201-0001',
  workPhoneNumber: '555-201-0002',
  comments: '',
};

const opened: TestShop[] = [];
afterEach(() => {
  for (const t of opened.splice(0)) t.close();
});

/** A shop with one product whose stock is counted (5 this season) and one that is not. */
function shopWithStock(): { t: TestShop; counted: number; free: number } {
  const t = openTestShop({ demo: false });
  opened.push(t);
  const add = (name: string, size: string) => {
    const { id } = t.shop.db
      .insert(products)
      .values({ name, productTypeId: 1, productStatus: ProductStatus.Active, productSize: size })
      .returning({ id: products.productId })
      .get();
    t.shop.db.insert(productPrices).values({ productId: id, startQuantity: 1, priceCents: 1000 }).run();
    return id;
  };
  const counted = add('Pawpaw', '3 gal');
  const free = add('Elderberry', '');
  t.shop.db
    .insert(stockChanges)
    .values({ productId: counted, season: currentSeason(t.shop), changeInStock: 5, changedByName: 'Test' })
    .run();
  return { t, counted, free };
}

const statusOf = (t: TestShop, productId: number) =>
  t.shop.db
    .select({ s: products.productStatus })
    .from(products)
    .where(eq(products.productId, productId))
    .get()?.s;

describe('prepared statements of the submit path', () => {
  it('read the restored shop after a backup restore swaps the database contents', async () => {
    const { t, counted, free } = shopWithStock();
    const submit = (productId: number, quantity: number) =>
      t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId, quantity }] });

    const first = await submit(counted, 2);
    const backup = await writeBackupFile(t.shop);

    // After the backup: 3 more sell the product out.
    const second = await submit(counted, 3);
    expect(second.orderId).toBe(first.orderId + 1);
    expect(statusOf(t, counted)).toBe(ProductStatus.SoldOut);
    await expect(submit(counted, 1)).rejects.toMatchObject({
      message: 'Pawpaw cannot be ordered online right now.',
    });

    await restoreBackupFile(t.shop, backup.file, statSync(backup.file).size);

    // The restored shop: 3 left, the product on sale again, the second order gone; its number stays given
    // out (a customer holds it), so the next order takes the one after it.
    expect(statusOf(t, counted)).toBe(ProductStatus.Active);
    expect(loadOrder(t.shop, second.orderId)).toBeNull();
    await expect(submit(counted, 4)).rejects.toMatchObject({ message: 'Only 3 of Pawpaw are left.' });
    const third = await submit(counted, 3);
    expect(third.orderId).toBe(second.orderId + 1);
    expect(third.order).toEqual(loadOrder(t.shop, third.orderId));
    expect(third.order.products).toMatchObject([
      { productId: counted, name: 'Pawpaw', productSize: '3 gal', quantity: 3 },
    ]);
    expect(statusOf(t, counted)).toBe(ProductStatus.SoldOut);

    // A product added to the restored shop is seen by the same statements.
    const { id: added } = t.shop.db
      .insert(products)
      .values({ name: 'Hazelnut', productTypeId: 1, productStatus: ProductStatus.Nursery })
      .returning({ id: products.productId })
      .get();
    t.shop.db.insert(productPrices).values({ productId: added, startQuantity: 1, priceCents: 250 }).run();
    const fourth = await t.caller().orders.submit({
      ...customer,
      orderProductXrefs: [
        { productId: free, quantity: 1 },
        { productId: added, quantity: 2 },
      ],
    });
    expect(fourth.order.products.map((p) => [p.name, p.quantity, p.price])).toEqual([
      ['Elderberry', 1, 10],
      ['Hazelnut', 2, 5],
    ]);
    expect(fourth.order).toEqual(loadOrder(t.shop, fourth.orderId));
  });

  it('belong to their own connection: two shops open at once each keep their own orders and stock', async () => {
    const a = shopWithStock();
    const b = shopWithStock();
    const submit = (shop: TestShop, productId: number, quantity: number) =>
      shop.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId, quantity }] });

    await submit(a.t, a.counted, 5);
    expect(statusOf(a.t, a.counted)).toBe(ProductStatus.SoldOut);
    // B's stock is untouched by A's order, though the statements are the same code.
    const inB = await submit(b.t, b.counted, 4);
    expect(statusOf(b.t, b.counted)).toBe(ProductStatus.Active);
    expect(
      b.t.shop.db
        .select()
        .from(orders)
        .all()
        .map((o) => o.orderId),
    ).toEqual([inB.orderId]);
    expect(a.t.shop.db.select().from(orders).all()).toHaveLength(1);

    // Closing A leaves B working.
    a.t.close();
    opened.splice(opened.indexOf(a.t), 1);
    await expect(submit(b.t, b.counted, 2)).rejects.toMatchObject({ message: 'Only 1 of Pawpaw are left.' });
    await submit(b.t, b.counted, 1);
    expect(statusOf(b.t, b.counted)).toBe(ProductStatus.SoldOut);
  });
});
