import { emailOutbox, products, settings, stockChanges } from '@nursery/db';
import { ProductStatus } from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../testing/testShop.ts';
import { markSoldOutWhenEmpty, productStockEmails } from './alerts.ts';
import { currentSeason } from './levels.ts';

let t: TestShop;

function setStockEmails(value: string) {
  t.shop.db.update(settings).set({ value }).where(eq(settings.name, 'ProductStockEmails')).run();
}

function newProduct(name: string, productStatus: number): number {
  return t.shop.db
    .insert(products)
    .values({ name, productTypeId: 9, productStatus, productSize: '1 gal' })
    .returning({ id: products.productId })
    .get().id;
}

function recordStock(productId: number, changeInStock: number) {
  t.shop.db
    .insert(stockChanges)
    .values({ productId, season: currentSeason(t.shop), changeInStock, changedByName: 'Test' })
    .run();
}

beforeAll(() => {
  t = openTestShop({ demo: false });
});
afterAll(() => t.close());

describe('productStockEmails', () => {
  it('reads the list as the Settings screen writes it, skipping what is not an address and repeats', () => {
    setStockEmails('stock@example.com; Owner@Example.com\n owner@example.com, name@, just-a-word');
    expect(productStockEmails(t.shop)).toEqual(['stock@example.com', 'Owner@Example.com']);
    setStockEmails('');
    expect(productStockEmails(t.shop)).toEqual([]);
  });
});

describe('markSoldOutWhenEmpty', () => {
  it('sells out an emptied product on sale, keeps staff statuses, and tells the list once', () => {
    setStockEmails('stock@example.com');
    const onSale = newProduct('Pawpaw', ProductStatus.Active);
    const callFor = newProduct('Bur Oak', ProductStatus.CallForAvailability);
    const untracked = newProduct('Hazelnut', ProductStatus.Active);
    const stocked = newProduct('Basswood', ProductStatus.Nursery);
    recordStock(onSale, 2);
    recordStock(onSale, -2);
    recordStock(callFor, -1);
    recordStock(stocked, 3);

    const soldOut = markSoldOutWhenEmpty(t.shop, [onSale, callFor, untracked, stocked], {
      changedBy: 'web shop order 7',
    });
    t.shop.flushEmail();

    expect(soldOut.map((p) => p.productId)).toEqual([onSale]);
    const status = (id: number) =>
      t.shop.db.select({ s: products.productStatus }).from(products).where(eq(products.productId, id)).get()
        ?.s;
    expect([status(onSale), status(callFor), status(untracked), status(stocked)]).toEqual([
      ProductStatus.SoldOut,
      ProductStatus.CallForAvailability,
      ProductStatus.Active,
      ProductStatus.Nursery,
    ]);
    const mail = t.shop.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'stock-alert')).all();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toAddress: 'stock@example.com', subject: 'Sold out: Pawpaw - 1 gal' });
    expect(mail[0]?.textBody).toContain('Last change by web shop order 7.');
    expect(mail[0]?.textBody).toContain('/Admin/Stock');
  });
});
