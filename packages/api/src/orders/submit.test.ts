import { emailOutbox, orderLines, orders, productPrices, products, settings } from '@nursery/db';
import { ORDER_MESSAGES, ORDER_NOT_FOUND, ORDERING_CLOSED_CHECKOUT, ProductStatus } from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentSeason } from '../stock/levels.ts';
import {
  countTestStock,
  inputMessages,
  openTestShop,
  setOnlineOrdering,
  type TestShop,
} from '../testing/testShop.ts';
import { loadOrder } from './orderShape.ts';

let t: TestShop;
let seedling: number;
let shrub: number;
let counted: number;
let soldOut: number;
let specialOrder: number;

function addProduct(
  name: string,
  tiers: [start: number, end: number | null, cents: number][],
  status: number = ProductStatus.Active,
  size = '',
): number {
  const row = t.shop.db
    .insert(products)
    .values({ name, productTypeId: 2, productStatus: status, productSize: size })
    .returning({ id: products.productId })
    .get();
  t.shop.db
    .insert(productPrices)
    .values(
      tiers.map(([startQuantity, endQuantity, priceCents]) => ({
        productId: row.id,
        startQuantity,
        endQuantity,
        priceCents,
      })),
    )
    .run();
  return row.id;
}

const setOrdering = (open: boolean) => setOnlineOrdering(t.shop, open);

const customer = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ADA@example.com',
  phoneNumber: '(555) 201-9876',
  workPhoneNumber: '',
  comments: 'Pick-up on Saturday please.',
};

beforeAll(() => {
  t = openTestShop({ demo: false });
  seedling = addProduct(
    'White Oak',
    [
      [1, 9, 350],
      [10, 99, 275],
      [100, null, 210],
    ],
    ProductStatus.Active,
    '12-18"',
  );
  shrub = addProduct('Elderberry', [[1, null, 1299]], ProductStatus.Nursery);
  counted = addProduct('Pawpaw', [[1, null, 1500]]);
  soldOut = addProduct('Butternut', [[1, null, 900]], ProductStatus.SoldOut);
  specialOrder = addProduct('Big Bur Oak', [[1, null, 12000]], ProductStatus.SpecialOrder);
  countTestStock(t.shop, counted, 5);
  t.shop.db
    .update(settings)
    .set({ value: 'stock@example.com; owner2@example.com' })
    .where(eq(settings.name, 'ProductStockEmails'))
    .run();
});
afterAll(() => t.close());
beforeEach(() => setOrdering(true));

describe('orders.submit', () => {
  it('prices every line from the tiers, taxes the subtotal and stores the unit price used', async () => {
    const answer = await t.caller().orders.submit({
      ...customer,
      orderProductXrefs: [
        { productId: seedling, quantity: 9 },
        { productId: seedling, quantity: 1 }, // merged: 10 uses the 10-99 tier
        { productId: shrub, quantity: 3 },
      ],
    });
    expect(answer.phoneNumber).toBe('(555) 201-9876');
    const { order } = answer;
    expect(order.orderId).toBe(answer.orderId);
    expect(order.name).toBe('Ada Lovelace');
    const oak = order.products.find((p) => p.productId === seedling)!;
    // 10 x $2.75 = $27.50, 5.5% = 1.5125: its share of the order's tax is $1.51
    expect(oak).toMatchObject({
      quantity: 10,
      unitPrice: 2.75,
      displayUnitPrice: '$2.75',
      price: 27.5,
      displayPrice: '$27.50',
      tax: 1.51,
      displayTax: '$1.51',
      total: 29.01,
      productSize: '12-18"',
      productType: 'Deciduous',
      isStatic: false,
    });
    // 3 x $12.99 = $38.97, 5.5% = 2.14335: the larger remainder, so it takes the cent left over ($2.15).
    expect(order.products.find((p) => p.productId === shrub)).toMatchObject({
      price: 38.97,
      tax: 2.15,
      total: 41.12,
    });
    // The spec's tax: 5.5% of the $66.47 subtotal = 3.655585 -> $3.66 (per line rounded and summed: $3.65).
    expect(order).toMatchObject({
      subtotal: 66.47,
      displaySubtotal: '$66.47',
      tax: 3.66,
      displayTax: '$3.66',
      total: 70.13,
      displayTotal: '$70.13',
      isTaxExempt: false,
      seasonPurchased: currentSeason(t.shop),
      workPhoneNumber: null,
      comments: 'Pick-up on Saturday please.',
      version: 1,
    });
    expect(order.orderProductXrefs).toHaveLength(2);
    expect(order.displayCreatedTimestamp).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d\d [AP]M$/);
    // The answer is built from what the transaction wrote, and is exactly the order as stored.
    expect(order).toEqual(loadOrder(t.shop, answer.orderId));

    // A later price change never alters the placed order.
    t.shop.db.update(productPrices).set({ priceCents: 9999 }).where(eq(productPrices.productId, shrub)).run();
    const again = await t.caller().orders.byId({ orderId: answer.orderId, phoneNumber: '5552019876' });
    expect(again.total).toBe(70.13);
    t.shop.db.update(productPrices).set({ priceCents: 1299 }).where(eq(productPrices.productId, shrub)).run();

    const mail = t.shop.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'new-order')).all();
    expect(mail.at(-1)!.subject).toBe(`New order ${answer.orderId} from Ada Lovelace ($70.13)`);
    expect(mail.at(-1)!.textBody).toContain('10 x White Oak (12-18") at $2.75 = $27.50');
  });

  it('tells the owner which pick-up day the customer chose, and says nothing of one when there was none', async () => {
    const year = t.shop.now().getFullYear() + 1;
    const dayId = Number(
      t.shop.database.sqlite
        .prepare(
          "insert into pick_up_days (date, start_time, end_time, capacity) values (?, '09:00', '16:00', 5)",
        )
        .run(`${year}-04-04`).lastInsertRowid,
    );
    const notice = (orderId: number) =>
      t.shop.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, 'new-order'))
        .all()
        .find((m) => m.subject.startsWith(`New order ${orderId} `))!.textBody;
    const withDay = await t.caller().orders.submit({
      ...customer,
      pickUpDayId: dayId,
      orderProductXrefs: [{ productId: seedling, quantity: 1 }],
    });
    // Past days are no longer offered, so the order after this one (and the tests after) choose none.
    t.shop.database.sqlite
      .prepare("update pick_up_days set date = '2001-04-04' where pick_up_day_id = ?")
      .run(dayId);
    const withoutDay = await t.caller().orders.submit({
      ...customer,
      orderProductXrefs: [{ productId: seedling, quantity: 1 }],
    });
    expect(withDay.order.displayPickUpDay).not.toBeNull();
    expect(notice(withDay.orderId)).toContain(`Pick-up day: ${withDay.order.displayPickUpDay}`);
    expect(withoutDay.order.displayPickUpDay).toBeNull();
    expect(notice(withoutDay.orderId)).not.toContain('Pick-up day');
  });

  it('reports every missing detail with the spec messages, all at once', async () => {
    const error = await t
      .caller()
      .orders.submit({
        firstName: '',
        lastName: ' ',
        email: 'a@b.co',
        confirmEmail: 'c@d.co',
        phoneNumber: '',
      })
      .catch((e: unknown) => e);
    expect(inputMessages(error)).toEqual([
      ORDER_MESSAGES.firstName,
      ORDER_MESSAGES.lastName,
      ORDER_MESSAGES.emailsDoNotMatch,
      ORDER_MESSAGES.phone,
      ORDER_MESSAGES.products,
    ]);
  });

  it('is refused with the spec text while online ordering is closed', async () => {
    setOrdering(false);
    const before = t.shop.db.select().from(orders).all().length;
    await expect(
      t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: seedling, quantity: 1 }] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: ORDERING_CLOSED_CHECKOUT });
    expect(t.shop.db.select().from(orders).all()).toHaveLength(before);
  });

  it('refuses products that cannot be ordered online, naming them, and writes nothing', async () => {
    const before = t.shop.db.select().from(orderLines).all().length;
    await expect(
      t.caller().orders.submit({
        ...customer,
        orderProductXrefs: [
          { productId: seedling, quantity: 1 },
          { productId: soldOut, quantity: 1 },
          { productId: specialOrder, quantity: 1 },
          { productId: 999999, quantity: 1 },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: [
        'Butternut cannot be ordered online right now.',
        'Big Bur Oak cannot be ordered online right now.',
        'A product on your order (number 999999) is no longer sold. Please remove it from your cart.',
      ].join('\n'),
    });
    expect(t.shop.db.select().from(orderLines).all()).toHaveLength(before);
  });

  it('refuses more than a counted product has left, and sells out the product at 0', async () => {
    await expect(
      t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: counted, quantity: 6 }] }),
    ).rejects.toMatchObject({ message: 'Only 5 of Pawpaw are left.' });

    await t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: counted, quantity: 2 }] });
    await expect(
      t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: counted, quantity: 4 }] }),
    ).rejects.toMatchObject({ message: 'Only 3 of Pawpaw are left.' });
    const status = () =>
      t.shop.db
        .select({ s: products.productStatus })
        .from(products)
        .where(eq(products.productId, counted))
        .get()!.s;
    expect(status()).toBe(ProductStatus.Active);

    const shownBefore = (await t.caller().catalog.productsToShow()).value.find(
      (p) => p.productId === counted,
    )!;
    expect(shownBefore.calculatedStock).toBe(3);

    await t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: counted, quantity: 3 }] });
    expect(status()).toBe(ProductStatus.SoldOut);
    const shownAfter = (await t.caller().catalog.productsToShow()).value.find(
      (p) => p.productId === counted,
    )!;
    expect(shownAfter).toMatchObject({ isSoldOut: true, currentStock: 5, calculatedStock: 0 });

    const alerts = t.shop.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'stock-alert')).all();
    expect(alerts.map((a) => a.toAddress).sort()).toEqual(['owner2@example.com', 'stock@example.com']);
    expect(alerts[0]!.subject).toBe('Sold out: Pawpaw');

    await expect(
      t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: counted, quantity: 1 }] }),
    ).rejects.toMatchObject({ message: 'Pawpaw cannot be ordered online right now.' });
  });

  it('refuses the same product sent twice when together it is more than one line may hold', async () => {
    await expect(
      t.caller().orders.submit({
        ...customer,
        orderProductXrefs: [
          { productId: seedling, quantity: 60000 },
          { productId: seedling, quantity: 60000 },
        ],
      }),
    ).rejects.toMatchObject({ message: 'You can order at most 100000 of White Oak.' });
  });

  it('refuses a quantity no tier covers', async () => {
    const gap = addProduct('Hazelnut', [[5, null, 400]]);
    await expect(
      t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: gap, quantity: 2 }] }),
    ).rejects.toMatchObject({
      message: 'Hazelnut has no price for a quantity of 2. Please call us about it.',
    });
  });
});

describe('orders.byId', () => {
  it('finds an order by number and phone typed any way, and hides deleted and mismatched ones alike', async () => {
    const { orderId } = await t
      .caller()
      .orders.submit({ ...customer, orderProductXrefs: [{ productId: seedling, quantity: 100 }] });
    const ip = '198.51.100.20';
    const order = await t.caller({ clientIp: ip }).orders.byId({ orderId, phoneNumber: '555.201.9876' });
    // 100 x $2.10 = $210.00, tax $11.55
    expect(order).toMatchObject({ orderId, subtotal: 210, tax: 11.55, total: 221.55 });

    for (const lookup of [
      { orderId, phoneNumber: '555-201-0000' },
      { orderId: orderId + 1000, phoneNumber: '5552019876' },
    ]) {
      await expect(t.caller({ clientIp: ip }).orders.byId(lookup)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: ORDER_NOT_FOUND,
      });
    }
    t.shop.db.update(orders).set({ deletedAt: Date.now() }).where(eq(orders.orderId, orderId)).run();
    await expect(
      t.caller({ clientIp: ip }).orders.byId({ orderId, phoneNumber: '5552019876' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: ORDER_NOT_FOUND });

    // Staff may open any order, without the phone number.
    const staff = t.caller({
      caller: { kind: 'staff', identity: { subject: 's', email: 'owner@example.com', name: 'Owner' } },
    });
    expect((await staff.orders.byId({ orderId })).orderId).toBe(orderId);
    await expect(t.caller({ clientIp: ip }).orders.byId({ orderId })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please enter the phone number used to place the order.',
    });
  });

  it('says what to do about a blank order number', async () => {
    const error = await t
      .caller()
      .orders.byId({ orderId: '' as unknown as number, phoneNumber: '1' })
      .catch((e: unknown) => e);
    expect(inputMessages(error)).toEqual(['You must enter the order number used to place the order.']);
  });

  it('limits lookups per client address', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 20; i++) {
      await t
        .caller({ clientIp: ip })
        .orders.byId({ orderId: 1, phoneNumber: '1' })
        .catch(() => undefined);
    }
    await expect(
      t.caller({ clientIp: ip }).orders.byId({ orderId: 1, phoneNumber: '1' }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(
        /^Too many order lookups from your connection\. Please wait \d+ seconds? and try again\.$/,
      ),
    });
    // Another visitor is not affected.
    await expect(
      t.caller({ clientIp: '192.0.2.100' }).orders.byId({ orderId: 1, phoneNumber: '1' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
