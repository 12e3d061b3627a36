import { products, stockChanges } from '@nursery/db';
import { STOREFRONT_STATUSES } from '@nursery/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawJson } from '../rawJson.ts';
import { currentSeason, stockLevels } from '../stock/levels.ts';
import { inputMessages, openTestShop, type TestShop } from '../testing/testShop.ts';
import type { Caller } from '../trpc.ts';
import type { Product } from './productShape.ts';
import { productsToShow, remakeProductsToShow } from './storefront.ts';

let t: TestShop;
beforeAll(() => {
  t = openTestShop();
});
afterAll(() => t.close());

const staff: Caller = {
  kind: 'staff',
  identity: { subject: '1', email: 'owner@example.com', name: 'Owner' },
};

async function list(ignoreCache?: boolean, caller: Caller = staff): Promise<Product[]> {
  const answer = await t
    .caller({ caller })
    .catalog.productsToShow(ignoreCache === undefined ? undefined : { ignoreCache });
  expect(answer).toBeInstanceOf(RawJson);
  // What a tRPC client receives is the JSON text of the answer.
  return JSON.parse(JSON.stringify(answer)) as Product[];
}

describe('catalog.productsToShow', () => {
  it('lists only Active, Sold Out, Call for Availability and Nursery products, with their tiers', async () => {
    const shown = await list();
    expect(shown.length).toBeGreaterThan(50);
    expect(new Set(shown.map((p) => p.productStatus))).toEqual(new Set(STOREFRONT_STATUSES));
    const hidden = t.shop.db
      .select({ n: sql<number>`count(*)` })
      .from(products)
      .where(sql`${products.productStatus} not in (2, 3, 6, 7) or ${products.deletedAt} is not null`)
      .get();
    expect(hidden!.n).toBeGreaterThan(0);
    const total = t.shop.db.select({ n: sql<number>`count(*)` }).from(products).get();
    expect(shown.length).toBe(total!.n - hidden!.n);

    const tiered = shown.find((p) => p.prices.length >= 3)!;
    expect(tiered.prices.map((p) => p.startQuantity)).toEqual(
      [...tiered.prices.map((p) => p.startQuantity)].sort((a, b) => a - b),
    );
    expect(tiered.prices.at(-1)!.endQuantity).toBeNull();
    for (const price of tiered.prices) {
      expect(price.price).toBe(price.priceCents / 100);
      expect(price.displayPrice).toMatch(/^\$\d+\.\d\d$/);
    }
  });

  it('carries every field of the spec with the right kinds of values', async () => {
    const [p] = await list();
    expect(Object.keys(p!)).toEqual(
      expect.arrayContaining([
        'productId',
        'name',
        'description',
        'prices',
        'zones',
        'productSize',
        'species',
        'productTypeId',
        'productType',
        'thumbnailImageUrl',
        'fullSizeImageUrl',
        'productImageCropped',
        'hasImage',
        'isSoldOut',
        'isCallForAvailability',
        'productStatus',
        'displayProductStatus',
        'cartQuantity',
        'photoOwner',
        'photoPageUrl',
        'isActive',
        'isActiveOrSpecialOrder',
        'isSpecialOrder',
        'displayNameAndSize',
        'calculatedStock',
        'displayCalculatedStock',
        'currentStock',
        'isDougs',
      ]),
    );
    expect(p!.cartQuantity).toBe(0);
    // Units sold and revenue are the owner's business, shown in the admin only.
    for (const staffOnly of ['numSold', 'displayNumSold', 'productRevenue', 'displayProductRevenue']) {
      expect(p).not.toHaveProperty(staffOnly);
    }
    const soldOut = (await list()).find((x) => x.productStatus === 3)!;
    expect(soldOut).toMatchObject({ isSoldOut: true, displayProductStatus: 'Sold Out', isActive: false });
    const cfa = (await list()).find((x) => x.productStatus === 6)!;
    expect(cfa).toMatchObject({ isCallForAvailability: true, displayProductStatus: 'Call for Availability' });
  });

  it('serves the cached answer until invalidated, and ignoreCache=true from staff rebuilds it', async () => {
    const first = await t.caller().catalog.productsToShow({});
    const again = await t.caller().catalog.productsToShow({ ignoreCache: false });
    expect(again).toBe(first);

    const target = first.value[0]!;
    t.shop.db
      .update(products)
      .set({ name: 'Renamed by hand' })
      .where(eq(products.productId, target.productId))
      .run();
    expect((await list()).find((p) => p.productId === target.productId)!.name).toBe(target.name);
    // A visitor's ignoreCache is served from the cache, as if it were not there: a rebuild is for staff.
    const visitor = await t.caller().catalog.productsToShow({ ignoreCache: true });
    expect(visitor).toBe(first);
    expect(
      (await list(true, { kind: 'anonymous' })).find((p) => p.productId === target.productId)!.name,
    ).toBe(target.name);
    expect((await list(true)).find((p) => p.productId === target.productId)!.name).toBe('Renamed by hand');

    t.shop.db
      .update(products)
      .set({ name: 'Renamed again' })
      .where(eq(products.productId, target.productId))
      .run();
    t.shop.catalogCache.invalidate();
    expect((await list()).find((p) => p.productId === target.productId)!.name).toBe('Renamed again');
  });

  it('refuses an ignoreCache that is not true or false', async () => {
    const error = await t
      .caller()
      .catalog.productsToShow({ ignoreCache: 'yes' as unknown as boolean })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(inputMessages(error)).toEqual(['ignoreCache must be true or false.']);
  });

  it('shows the season stock figures: current stock and what is left', async () => {
    const season = currentSeason(t.shop);
    const levels = stockLevels(t.shop);
    const tracked = [...levels.values()].filter((f) => f.isStockTracked);
    expect(tracked.length).toBeGreaterThan(0);
    const shown = await list(true);
    for (const f of tracked) {
      const p = shown.find((x) => x.productId === f.productId);
      if (!p) continue;
      const stock = t.shop.db
        .select({ n: sql<number>`sum(${stockChanges.changeInStock})` })
        .from(stockChanges)
        .where(sql`${stockChanges.productId} = ${f.productId} and ${stockChanges.season} = ${season}`)
        .get();
      expect(p.currentStock).toBe(stock!.n);
      expect(p.calculatedStock).toBe(p.currentStock - f.numSold);
      expect(p.displayCalculatedStock).toBe(new Intl.NumberFormat('en-US').format(p.calculatedStock!));
    }
    const untracked = shown.find((p) => !levels.get(p.productId)?.isStockTracked)!;
    expect(untracked).toMatchObject({ isStockTracked: false, currentStock: 0, calculatedStock: null });
    expect(untracked.displayCalculatedStock).toBe('Not tracked');
  });

  it('after an order updates only the ordered products, and equals a full rebuild', async () => {
    const season = currentSeason(t.shop);
    const before = (await t.caller().catalog.productsToShow({ ignoreCache: true })).value;
    const orderable = before.filter((p) => p.productStatus === 2 || p.productStatus === 7);
    // A counted product with exactly 3 left: the order empties it, so it turns Sold Out in the list.
    const counted = orderable.find((p) => !p.isStockTracked)!;
    t.shop.db
      .insert(stockChanges)
      .values({ productId: counted.productId, season, changeInStock: 3, changedByName: 'Test' })
      .run();
    t.shop.catalogCache.invalidate();
    const other = orderable.find((p) => p.productId !== counted.productId && !p.isStockTracked)!;
    const kept = (await t.caller().catalog.productsToShow({})).value;
    expect(kept.find((p) => p.productId === counted.productId)).toMatchObject({ calculatedStock: 3 });

    await t.caller().orders.submit({
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      confirmEmail: 'ada@example.com',
      phoneNumber: '555-010-1234',
      workPhoneNumber: '',
      comments: '',
      orderProductXrefs: [
        { productId: counted.productId, quantity: 3 },
        { productId: other.productId, quantity: 2 },
      ],
    });
    const after = (await t.caller().catalog.productsToShow({})).value;
    expect(after.find((p) => p.productId === counted.productId)).toMatchObject({
      calculatedStock: 0,
      productStatus: 3,
      isSoldOut: true,
    });
    // The products the order did not touch are the very objects kept before it: nothing was rebuilt.
    const untouched = after.filter(
      (p) => p.productId !== counted.productId && p.productId !== other.productId,
    );
    expect(untouched.length).toBe(after.length - 2);
    for (const p of untouched) expect(kept).toContain(p);
    // And the updated list is exactly what a full rebuild gives, in the same order.
    const rebuilt = JSON.parse(
      JSON.stringify(await t.caller().catalog.productsToShow({ ignoreCache: true })),
    );
    expect(JSON.parse(JSON.stringify(after))).toEqual(rebuilt);
  });

  it('is made anew after a large change before the change is answered, the kept list served meanwhile', async () => {
    const kept = productsToShow(t.shop);
    const [first, second] = kept.value;
    const rename = (productId: number | undefined, name: string) =>
      t.shop.db
        .update(products)
        .set({ name })
        .where(eq(products.productId, productId ?? 0))
        .run();
    rename(first?.productId, 'Remade after the sheet');
    const remade = remakeProductsToShow(t.shop);
    expect(productsToShow(t.shop)).toBe(kept);
    // What an order changes while the list is being made (its stock) is read again on the next read.
    t.shop.db
      .insert(stockChanges)
      .values({
        productId: second?.productId ?? 0,
        season: currentSeason(t.shop),
        changeInStock: 7,
        changedByName: 'Test',
      })
      .run();
    t.shop.catalogCache.productsChanged([second?.productId ?? 0]);
    await remade;
    const after = productsToShow(t.shop);
    expect(after).not.toBe(kept);
    const shown = (productId: number | undefined) => after.value.find((p) => p.productId === productId);
    expect(shown(first?.productId)?.name).toBe('Remade after the sheet');
    expect(shown(second?.productId)).toMatchObject({ isStockTracked: true, calculatedStock: 7 });
    expect(JSON.parse(after.json)).toEqual(JSON.parse(productsToShow(t.shop, { ignoreCache: true }).json));
  });
});
