import { openDatabase, productPrices, products, type ShopDatabase } from '@nursery/db';
import { ProductStatus } from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, type Shop } from '../shop.ts';
import { currentSeason, figuresFor, stockLevels } from '../stock/levels.ts';
import {
  addTestProduct,
  countTestStock,
  openTestShop,
  setOnlineOrdering,
  TEST_CUSTOMER,
  type TestShop,
} from '../testing/testShop.ts';
import { keptReads } from './orderReads.ts';
import { writeOrder } from './submit.ts';

// The order writer's side: its own connection to the file, as writerWorker.ts opens it.
let t: TestShop;
let writerDatabase: ShopDatabase;
let writer: Shop;

beforeAll(() => {
  t = openTestShop({ demo: false });
  writerDatabase = openDatabase(t.shop.database.file, { alreadyOpen: true });
  writer = createShop({
    config: t.shop.config,
    database: writerDatabase,
    log: { info() {}, warn() {}, error() {} },
    mailQueueOnly: true,
  });
});
afterAll(() => {
  writerDatabase.close();
  t.close();
});

/** What an order on the writer's connection reads, inside a transaction as every order is. */
function readAsAnOrder(reads: ReturnType<typeof keptReads>, id: number) {
  return writerDatabase.sqlite.transaction(() => {
    reads.begin();
    return {
      open: reads.isOrderingOpen(writer),
      product: reads.products(writer, [id])[0],
      price: reads.priceTiers(writer, [id]).get(id)?.[0]?.priceCents,
    };
  })();
}

const setName = (db: ShopDatabase, id: number, name: string) =>
  db.db.update(products).set({ name }).where(eq(products.productId, id)).run();

describe('keptReads', () => {
  it('keeps what it read until another connection commits, and then reads everything afresh', () => {
    const reads = keptReads(writerDatabase.sqlite);
    const id = addTestProduct(t.shop, 'Spicebush', 700);
    expect(readAsAnOrder(reads, id)).toMatchObject({
      open: true,
      product: { name: 'Spicebush' },
      price: 700,
    });

    // A change on the writer's own connection is not looked for: the connection writes only orders.
    setName(writerDatabase, id, 'Renamed here');
    expect(readAsAnOrder(reads, id).product?.name).toBe('Spicebush');

    // Staff's save on the server's connection is seen by the very next order.
    setName(t.shop.database, id, 'Northern Spicebush');
    t.shop.db.update(productPrices).set({ priceCents: 750 }).where(eq(productPrices.productId, id)).run();
    setOnlineOrdering(t.shop, false);
    expect(readAsAnOrder(reads, id)).toMatchObject({
      open: false,
      product: { name: 'Northern Spicebush' },
      price: 750,
    });
    setOnlineOrdering(t.shop, true);
    expect(readAsAnOrder(reads, id).open).toBe(true);
  });

  it('keeps an id that is not sold as not sold, and a product without tiers as without', () => {
    const reads = keptReads(writerDatabase.sqlite);
    const id = addTestProduct(t.shop, 'Sweetfern', 500);
    t.shop.db.delete(productPrices).where(eq(productPrices.productId, id)).run();
    const found = writerDatabase.sqlite.transaction(() => {
      reads.begin();
      return { products: reads.products(writer, [id, 999_999]), tiers: reads.priceTiers(writer, [id]) };
    })();
    expect(found.products.map((p) => p.productId)).toEqual([id]);
    expect(found.tiers.get(id)).toEqual([]);
  });

  it('reads a product it marked Sold Out afresh, so a batch rolled back does not leave it sold out', () => {
    const reads = keptReads(writerDatabase.sqlite);
    const id = addTestProduct(t.shop, 'Leadplant', 900);
    expect(readAsAnOrder(reads, id).product?.productStatus).toBe(ProductStatus.Active);

    // A batch marks it Sold Out, a later order in it reads it, and then the whole batch is rolled back.
    const rolledBack = new Error('the batch failed');
    expect(() =>
      writerDatabase.sqlite.transaction(() => {
        reads.begin();
        writerDatabase.db
          .update(products)
          .set({ productStatus: ProductStatus.SoldOut })
          .where(eq(products.productId, id))
          .run();
        reads.productsChanged([id]);
        expect(reads.products(writer, [id])[0]?.productStatus).toBe(ProductStatus.SoldOut);
        throw rolledBack;
      })(),
    ).toThrow(rolledBack);
    // Run again (as groupCommit does, order by order), the first order must see it for sale.
    expect(readAsAnOrder(reads, id).product?.productStatus).toBe(ProductStatus.Active);
  });

  it("sees the stock staff count on the server's connection at the next order, and keeps each season apart", () => {
    const reads = keptReads(writerDatabase.sqlite);
    const id = addTestProduct(t.shop, 'Wild Bergamot', 400);
    const season = currentSeason(t.shop);
    const counted = (inSeason: number) =>
      writerDatabase.sqlite.transaction(() => {
        reads.begin();
        return reads.countedStock(writer, [id], inSeason).get(id);
      })();
    // Not counted: not stock-tracked, and kept as such.
    expect(counted(season)).toBeUndefined();
    countTestStock(t.shop, id, 5);
    expect(counted(season)).toBe(5);
    countTestStock(t.shop, id, 3);
    expect(counted(season)).toBe(8);
    expect(counted(season + 1)).toBeUndefined();
    expect(counted(season)).toBe(8);
  });

  it("counts a counted product's sales of its own orders and of those written on another connection", () => {
    const reads = keptReads(writerDatabase.sqlite);
    const id = addTestProduct(t.shop, 'Prairie Smoke', 300);
    countTestStock(t.shop, id, 100);
    const season = currentSeason(t.shop);
    const place = (quantity: number) =>
      writerDatabase.sqlite.transaction(() =>
        writeOrder(
          writer,
          {
            ...TEST_CUSTOMER,
            name: null,
            pickUpDayId: null,
            orderProductXrefs: [{ productId: id, quantity }],
          },
          reads,
        ),
      )();
    const sold = () =>
      writerDatabase.sqlite.transaction(() => {
        reads.begin();
        const levels = stockLevels(writer, {
          productIds: [id],
          trackedOnly: true,
          countedStock: reads.countedStock,
          orderRanges: reads.orderRanges,
        });
        return { sold: figuresFor(levels, id).numSold, ranges: reads.orderRanges(writer, season) };
      })();
    place(2);
    const first = sold();
    place(3);
    // The writer's own orders go above every other: the season's ranges are kept between them.
    expect(sold()).toEqual({ sold: 5, ranges: first.ranges });
    expect(sold().ranges).toBe(first.ranges);

    // Last season's order entered on the server's connection: it is not this season's, and this season's
    // next orders are a run of ids of their own above it.
    const lastSeason = t.shop.database.sqlite
      .prepare("insert into orders (name, season_purchased) values ('Last Season', ?) returning order_id")
      .pluck()
      .get(season - 1) as number;
    t.shop.database.sqlite
      .prepare(
        `insert into order_lines (order_id, product_id, quantity, unit_price_cents, subtotal_cents, total_cents)
         values (?, ?, 7, 300, 2100, 2100)`,
      )
      .run(lastSeason, id);
    place(4);
    const after = sold();
    expect(after.sold).toBe(9);
    expect(after.ranges).toHaveLength(2);
    expect(after.ranges[0]).toEqual({ after: lastSeason, before: null });
  });

  it('reads everything afresh after forget', () => {
    const reads = keptReads(writerDatabase.sqlite);
    const id = addTestProduct(t.shop, 'New Jersey Tea', 800);
    expect(readAsAnOrder(reads, id).product?.name).toBe('New Jersey Tea');
    setName(writerDatabase, id, 'Ceanothus');
    reads.forget();
    expect(readAsAnOrder(reads, id).product?.name).toBe('Ceanothus');
  });
});
