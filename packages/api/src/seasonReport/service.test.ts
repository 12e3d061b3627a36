import { orders, waitlistEntries } from '@nursery/db';
import { ProductStatus } from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestProduct, openTestShop, TEST_CUSTOMER, type TestShop } from '../testing/testShop.ts';

const staff = {
  kind: 'staff' as const,
  identity: { subject: 's', email: 'owner@example.com', name: 'Owner' },
};

/**
 * Three seasons of a small shop, built through the same calls staff and customers make, with every figure of
 * the report known beforehand. Seasons start in July (America/Chicago): 2023-24, 2024-25 and 2025-26.
 */
describe('season report', () => {
  let t: TestShop;
  let clock = new Date('2023-09-01T15:00:00Z');
  const ids = { aster: 0, beeBalm: 0, coneflower: 0, special: 0, ironweed: 0 };

  const at = (iso: string) => {
    clock = new Date(iso);
  };
  const stock = (productId: number, change: number) =>
    t.caller({ caller: staff }).stock.insertUpdates([{ productId, changeInStock: change, notes: null }]);
  const submit = (productId: number, quantity: number, ip = '203.0.113.9') =>
    t
      .caller({ clientIp: ip })
      .orders.submit({ ...TEST_CUSTOMER, orderProductXrefs: [{ productId, quantity }] });
  const staffOrder = (productId: number, quantity: number, isTaxExempt = false) =>
    t.caller({ caller: staff }).orders.update({
      firstName: 'Walk',
      lastName: 'In',
      email: '',
      phoneNumber: '555 000 1111',
      isTaxExempt,
      products: [{ productId, quantity }],
    });

  beforeAll(async () => {
    t = openTestShop({ demo: false, now: () => clock, env: { ORDERS_PER_CLIENT_PER_HOUR: '0' } });
    const shop = t.shop;
    ids.aster = addTestProduct(shop, 'Aster', 500);
    ids.beeBalm = addTestProduct(shop, 'Bee Balm', 400);
    ids.coneflower = addTestProduct(shop, 'Coneflower', 300);
    ids.special = addTestProduct(shop, 'Bur Oak, 10 ft', 9000, ProductStatus.SpecialOrder);
    ids.ironweed = addTestProduct(shop, 'Ironweed', 450);

    // 2023-24: Aster 10 offered, 4 sold. Bee Balm untracked, 5 sold. Coneflower 20 offered, 12 sold.
    at('2023-09-01T15:00:00Z');
    await stock(ids.aster, 10);
    await stock(ids.coneflower, 20);
    at('2024-04-10T15:00:00Z');
    await submit(ids.aster, 4);
    await submit(ids.beeBalm, 5);
    await submit(ids.coneflower, 12);

    // 2024-25: Aster 12 offered (a count of 15, less 3 lost to frost), 6 sold. Bee Balm 8. Coneflower 15.
    at('2024-09-01T15:00:00Z');
    await stock(ids.aster, 15);
    await stock(ids.aster, -3);
    at('2025-04-10T15:00:00Z');
    await submit(ids.aster, 6);
    await submit(ids.beeBalm, 8);
    await submit(ids.coneflower, 15);

    // 2025-26, the season reported.
    at('2025-09-01T15:00:00Z');
    await stock(ids.aster, 10);
    await stock(ids.coneflower, 30);
    at('2026-04-02T15:00:00Z');
    await submit(ids.aster, 7);
    // One asks for 5 of the 3 left and is refused: 2 not met.
    await expect(submit(ids.aster, 5)).rejects.toMatchObject({ message: 'Only 3 of Aster are left.' });
    // The order that takes the last three sells Aster out by stock.
    at('2026-04-03T15:00:00Z');
    await submit(ids.aster, 3);
    at('2026-04-04T15:00:00Z');
    // A refusal for another reason (ordering a product not sold online) is not demand for stock.
    await expect(submit(ids.special, 2)).rejects.toThrow();
    // Bee Balm: a staff order (tax exempt) of 2, a customer's of 3, one of 9 deleted, one of 4 deleted then
    // restored: 2 + 3 + 4 = 9 sold, $36.00.
    await staffOrder(ids.beeBalm, 2, true);
    await submit(ids.beeBalm, 3);
    const deleted = await submit(ids.beeBalm, 9);
    const restored = await submit(ids.beeBalm, 4);
    await t.caller({ caller: staff }).orders.delete({ orderId: deleted.orderId });
    await t.caller({ caller: staff }).orders.delete({ orderId: restored.orderId });
    await t.caller({ caller: staff }).orders.restore({ orderId: restored.orderId });
    // Coneflower: 10 sold, then staff mark it Sold Out on May 1 (stock left), and later Inactive.
    await submit(ids.coneflower, 10);
    at('2026-05-01T15:00:00Z');
    await t.caller({ caller: staff }).catalog.setStatus({ productId: ids.coneflower, productStatus: 3 });
    at('2026-06-01T15:00:00Z');
    await t.caller({ caller: staff }).catalog.setStatus({ productId: ids.coneflower, productStatus: 1 });
    // Ironweed is new this season: 3 sold (no stock counted).
    await submit(ids.ironweed, 3);

    // Waitlists: Aster two entries of 3 and 2 made this season (one told), one of 8 made last season.
    const entry = (productId: number, email: string, quantity: number, createdAt: string, toldAt?: string) =>
      shop.db
        .insert(waitlistEntries)
        .values({
          productId,
          email,
          emailKey: email,
          quantity,
          createdAt: Date.parse(createdAt),
          toldAt: toldAt ? Date.parse(toldAt) : null,
        })
        .run();
    entry(ids.aster, 'a@example.com', 3, '2026-04-05T15:00:00Z');
    entry(ids.aster, 'b@example.com', 2, '2026-04-06T15:00:00Z', '2026-04-20T15:00:00Z');
    entry(ids.aster, 'c@example.com', 8, '2025-04-06T15:00:00Z');
    at('2026-06-15T15:00:00Z');
  });
  afterAll(() => t.close());

  const report = async () => (await t.caller({ caller: staff }).seasonReport.get({ season: 2025 })).value;
  const row = async (name: string) => {
    const found = (await report()).rows.find((r) => r.name === name);
    if (!found) throw new Error(`no row for ${name}`);
    return found;
  };

  it('counts offered, sold, sell-through and revenue of the season', async () => {
    expect(await row('Aster')).toMatchObject({
      offered: 10,
      sold: 10,
      sellThrough: 1,
      revenue: 50,
      displayRevenue: '$50.00',
      isStockTracked: true,
      soldBefore: [6, 4],
      revenueBefore: [30, 20],
      soldChange: (10 - 6) / 6,
    });
    expect(await row('Bee Balm')).toMatchObject({
      isStockTracked: false,
      offered: 0,
      sold: 9,
      sellThrough: null,
      revenue: 36,
      soldBefore: [8, 5],
    });
    expect(await row('Coneflower')).toMatchObject({ offered: 30, sold: 10, sellThrough: 10 / 30 });
    const last = (await t.caller({ caller: staff }).seasonReport.get({ season: 2024 })).value;
    expect(last.rows.find((r) => r.name === 'Aster')).toMatchObject({
      offered: 12,
      sold: 6,
      sellThrough: 0.5,
    });
  });

  it('dates a sell-out by stock and by a staff mark', async () => {
    expect(await row('Aster')).toMatchObject({
      soldOutAt: '2026-04-03T15:00:00.000Z',
      displaySoldOutAt: '4/3/2026',
      soldOutHow: 'stock',
    });
    expect(await row('Coneflower')).toMatchObject({
      soldOutAt: '2026-05-01T15:00:00.000Z',
      soldOutHow: 'marked',
    });
    expect(await row('Bee Balm')).toMatchObject({ soldOutAt: null, soldOutHow: null });
  });

  it('counts the demand not met: the season’s waitlist and orders refused for stock', async () => {
    expect(await row('Aster')).toMatchObject({
      waitlistEntries: 2,
      waitlistQuantity: 5,
      waitlistWaiting: 1,
      refusedOrders: 1,
      refusedQuantity: 2,
      unmetDemand: 7,
    });
    expect(await row('Bur Oak, 10 ft')).toMatchObject({ refusedOrders: 0, unmetDemand: 0 });
  });

  it('suggests next season’s quantity by the rule, saying why', async () => {
    // Best of 10, 6, 4 is 10, plus 7 not met, +10% for two seasons of rising sales: 18.7, rounded up.
    expect(await row('Aster')).toMatchObject({
      suggested: 19,
      suggestionBasis: 'usual',
      suggestionReason: 'Best of three seasons 10 plus 7 not met, +10% as sales rose two seasons running.',
    });
    // Bee Balm: 9 after 8 after 5 rose too: best 9, +10% = 9.9, rounded up.
    expect(await row('Bee Balm')).toMatchObject({ suggested: 10, suggestionBasis: 'usual' });
    expect(await row('Coneflower')).toMatchObject({ suggested: 0, suggestionBasis: 'discontinued' });
    expect(await row('Bur Oak, 10 ft')).toMatchObject({ suggested: 0, suggestionBasis: 'specialOrder' });
    expect(await row('Ironweed')).toMatchObject({
      suggested: 3,
      suggestionBasis: 'new',
      suggestionReason: 'New this season: 3 sold plus 0 not met.',
    });
  });

  it('keeps a quantity staff plan by hand, and forgets it on null', async () => {
    const staffCaller = t.caller({ caller: staff });
    expect(
      await staffCaller.seasonReport.savePlan({ season: 2025, productId: ids.aster, quantity: 30 }),
    ).toEqual({
      productId: ids.aster,
      season: 2026,
      planned: 30,
    });
    expect((await row('Aster')).planned).toBe(30);
    const herbs = (await report()).types.find((ty) => ty.productTypeId === 2);
    // Planned where staff did (30), suggested elsewhere (10 + 0 + 0 + 3).
    expect(herbs).toMatchObject({ suggested: 19 + 10 + 3, planned: 30 + 10 + 3, offered: 40, sold: 32 });
    expect(herbs?.bySeason.map((s) => [s.label, s.offered, s.sold])).toEqual([
      ['2023-24', 30, 21],
      ['2024-25', 12, 29],
      ['2025-26', 40, 32],
    ]);
    await staffCaller.seasonReport.savePlan({ season: 2025, productId: ids.aster, quantity: null });
    expect((await row('Aster')).planned).toBeNull();
    await expect(
      staffCaller.seasonReport.savePlan({ season: 2025, productId: ids.aster, quantity: -1 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is for staff only', async () => {
    await expect(t.caller().seasonReport.get({ season: 2025 })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('leaves out deleted orders until they are restored', async () => {
    const [restoredOrder] = t.shop.db.select().from(orders).where(eq(orders.totalQuantity, 4)).all();
    expect(restoredOrder?.deletedAt).toBeNull();
    expect((await row('Bee Balm')).sold).toBe(9);
  });
});
