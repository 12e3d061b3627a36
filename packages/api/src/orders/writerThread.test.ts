import { execFileSync } from 'node:child_process';
import { emailOutbox, orders, productPrices, products, seasonRollovers, settings } from '@nursery/db';
import {
  ORDERING_CLOSED_CHECKOUT,
  onlyNLeft,
  ProductStatus,
  productNotOrderable,
  SETTING_NAMES,
  type SubmittedOrder,
} from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopError } from '../errors.ts';
import { seasonChanged } from '../stock/levels.ts';
import {
  addTestProduct,
  countTestStock,
  openTestShop,
  setOnlineOrdering,
  TEST_CUSTOMER,
  type TestShop,
} from '../testing/testShop.ts';
import { type OrderWriter, startOrderWriterThread } from './writerThread.ts';

// The shop's clock: the order writer's thread must stamp orders with it, not with its own.
const CLOCK = new Date('2027-03-14T15:09:26Z');

let t: TestShop;
let writer: OrderWriter;
const logged: { level: string; msg: string | undefined }[] = [];

const addProduct = (name: string, cents: number, status?: number) =>
  addTestProduct(t.shop, name, cents, status);
const customer = TEST_CUSTOMER;

/**
 * An order handed straight to the thread, as submitOrder hands those that come together (a lone one it writes
 * on the server's thread), answered as the customer is.
 */
async function submit(productId: number, quantity: number): Promise<SubmittedOrder> {
  const written = await writer.write(
    { ...customer, name: null, orderProductXrefs: [{ productId, quantity }], pickUpDayId: null },
    t.shop.now(),
  );
  return JSON.parse(written.json) as SubmittedOrder;
}

beforeAll(() => {
  t = openTestShop({ demo: false, env: { LOG_LEVEL: 'info' }, now: () => CLOCK });
  writer = startOrderWriterThread({
    config: t.shop.config,
    file: t.shop.database.file,
    log: {
      info: (_obj, msg) => logged.push({ level: 'info', msg }),
      warn: (_obj, msg) => logged.push({ level: 'warn', msg }),
      error: (_obj, msg) => logged.push({ level: 'error', msg }),
    },
    idleMs: 300,
  });
  t.shop.orderWriter = writer;
});
afterAll(async () => {
  await writer.close();
  t.close();
});

// From the source a thread takes 1-2 s to start (Node strips the TypeScript of every module it loads), more
// while other test runs share the machine; the release's starts in about 0.3 s.
describe('the order writer thread', { timeout: 30_000 }, () => {
  it('writes orders on its own connection, answers them whole and stamps them with the shop clock', async () => {
    const oak = addProduct('Swamp White Oak', 450);
    const placed = await submit(oak, 3);
    expect(writer.running).toBe(true);
    expect(placed.order).toMatchObject({
      orderId: placed.orderId,
      totalQuantity: 3,
      subtotal: 13.5,
      displaySubtotal: '$13.50',
      createdTimestamp: CLOCK.toISOString(),
      products: [{ productId: oak, name: 'Swamp White Oak', quantity: 3, unitPrice: 4.5 }],
    });
    // The server's own connection reads what the thread committed, with its lines and queued mail.
    const stored = t.shop.db.select().from(orders).where(eq(orders.orderId, placed.orderId)).get();
    expect(stored).toMatchObject({ totalQuantity: 3, createdAt: CLOCK.getTime(), source: 'online' });
    const mail = t.shop.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.orderId)).all();
    expect(mail.map((m) => m.kind).sort()).toEqual(['receipt']);
    expect(
      t.shop.db
        .select()
        .from(emailOutbox)
        .all()
        .filter((m) => m.kind === 'new-order' && m.subject.startsWith(`New order ${placed.orderId} `)),
    ).toHaveLength(1);
  });

  it("leaves the server's file locks alone: another process's write is read at once after the thread started", async () => {
    const oak = addProduct('Bur Oak', 500);
    const readMessage = () =>
      t.shop.db.select().from(settings).where(eq(settings.name, SETTING_NAMES.message)).get()?.value;
    await submit(oak, 1);
    expect(writer.running).toBe(true);
    // The server's connection has the settings page in its cache, as after any storefront page.
    readMessage();
    // The sqlite3 command line closes its connection after the update: had the thread dropped the server's
    // POSIX locks (a plain open and close of the file does), it would think itself alone, checkpoint and
    // reset the WAL under the server's connection, which then went on reading an old snapshot.
    execFileSync('sqlite3', [
      t.shop.database.file,
      "UPDATE settings SET value = 'From outside' WHERE name = 'Message';",
    ]);
    expect(readMessage()).toBe('From outside');
    execFileSync('sqlite3', [
      t.shop.database.file,
      "UPDATE settings SET value = 'Again' WHERE name = 'Message';",
    ]);
    expect(readMessage()).toBe('Again');
  });

  it('refuses as the server would: a ShopError with the same message, and nothing written', async () => {
    const butternut = addProduct('Butternut', 900, ProductStatus.SoldOut);
    const before = t.shop.db.select().from(orders).all().length;
    const refusal = await submit(butternut, 1).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ message: 'Butternut cannot be ordered online right now.' });
    expect(t.shop.db.select().from(orders).all().length).toBe(before);
  });

  it("sees every change staff commit on the server's connection before the next order", async () => {
    const pawpaw = addProduct('Pawpaw', 1200);
    setOnlineOrdering(t.shop, false);
    await expect(submit(pawpaw, 1)).rejects.toThrow(ORDERING_CLOSED_CHECKOUT);
    setOnlineOrdering(t.shop, true);
    countTestStock(t.shop, pawpaw, 2);
    await expect(submit(pawpaw, 3)).rejects.toThrow(onlyNLeft(2, 'Pawpaw'));
    await expect(submit(pawpaw, 2)).resolves.toMatchObject({ order: { totalQuantity: 2 } });
  });

  it("prices, names and refuses the next order by what staff saved on the server's connection a moment before", async () => {
    const elder = addProduct('Elderberry', 900);
    await expect(submit(elder, 2)).resolves.toMatchObject({ order: { subtotal: 18 } });
    // The thread keeps products, tiers and whether ordering is open between orders: staff's saves must reach it.
    t.shop.db.update(productPrices).set({ priceCents: 1100 }).where(eq(productPrices.productId, elder)).run();
    t.shop.db
      .update(products)
      .set({ name: 'American Elderberry' })
      .where(eq(products.productId, elder))
      .run();
    const renamed = await submit(elder, 2);
    expect(renamed.order).toMatchObject({ subtotal: 22 });
    expect(renamed.order.products[0]?.name).toBe('American Elderberry');
    t.shop.db
      .update(products)
      .set({ productStatus: ProductStatus.Inactive })
      .where(eq(products.productId, elder))
      .run();
    await expect(submit(elder, 1)).rejects.toThrow(productNotOrderable('American Elderberry'));
    t.shop.db
      .update(products)
      .set({ productStatus: ProductStatus.Active })
      .where(eq(products.productId, elder))
      .run();
    await expect(submit(elder, 1)).resolves.toMatchObject({ order: { subtotal: 11 } });
  });

  it("files the next order under a season staff started on the server's connection, without waiting a minute", async () => {
    const plum = addProduct('American Plum', 800);
    const first = await submit(plum, 1);
    const season = first.order.seasonPurchased;
    t.shop.db
      .insert(seasonRollovers)
      .values({
        fromSeason: season,
        toSeason: season + 1,
        options: '{}',
        summary: '{}',
        backupFile: 'before-new-season.zip',
        createdAt: CLOCK.getTime(),
        createdBy: 'Owner',
      })
      .run();
    // As applyRollover does on the server's side; the thread has its own cache of the season.
    seasonChanged(t.shop);
    // The shop's clock has not moved: only the thread reading the started season again can see it.
    const next = await submit(plum, 1);
    expect(next.order.seasonPurchased).toBe(season + 1);
    const stored = t.shop.db.select().from(orders).where(eq(orders.orderId, next.orderId)).get();
    expect(stored?.seasonPurchased).toBe(season + 1);
  });

  it('never sells more than the stock when many orders come at once', async () => {
    const persimmon = addProduct('Persimmon', 1500);
    countTestStock(t.shop, persimmon, 5);
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => submit(persimmon, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refusals).toHaveLength(55);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(Error);
      // The fifth order marked it Sold Out inside the same commit: the rest are told so.
      expect((refusal as Error).message).toBe(productNotOrderable('Persimmon'));
    }
    // Sold out from the last one on, as on the server's own thread.
    const row = t.shop.db.select().from(products).where(eq(products.productId, persimmon)).get();
    expect(row?.productStatus).toBe(ProductStatus.SoldOut);
    // What the thread logged reaches the server's log (this shop has no one to tell by e-mail).
    expect(logged).toContainEqual({ level: 'warn', msg: 'products sold out; ProductStockEmails is empty' });
  });

  it('stops when the shop is quiet and starts again with the next order', async () => {
    const hazel = addProduct('American Hazelnut', 600);
    await submit(hazel, 1);
    await expect.poll(() => writer.running, { timeout: 5_000 }).toBe(false);
    await expect(submit(hazel, 2)).resolves.toMatchObject({ order: { totalQuantity: 2 } });
    expect(writer.running).toBe(true);
  });

  it('answers the orders under way before it closes, and refuses any after', async () => {
    const own = startOrderWriterThread({
      config: t.shop.config,
      file: t.shop.database.file,
      log: { info() {}, warn() {}, error() {} },
      idleMs: 60_000,
    });
    const elder = addProduct('Elderberry', 700);
    const placing = Array.from({ length: 5 }, (_, i) =>
      own.write(
        {
          ...customer,
          name: null,
          orderProductXrefs: [{ productId: elder, quantity: i + 1 }],
          pickUpDayId: null,
        },
        CLOCK,
      ),
    );
    await own.close();
    const placed = await Promise.all(placing);
    expect(placed.map((o) => (JSON.parse(o.json) as SubmittedOrder).order.totalQuantity)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(own.running).toBe(false);
    await expect(
      own.write(
        {
          ...customer,
          name: null,
          orderProductXrefs: [{ productId: elder, quantity: 1 }],
          pickUpDayId: null,
        },
        CLOCK,
      ),
    ).rejects.toThrow('the shop is stopping');
  });

  it('fails the orders of a thread that dies, and starts a new one for the next order', async () => {
    const errors: (string | undefined)[] = [];
    // A folder where the database should be: the thread cannot open it and dies as it starts.
    const broken = startOrderWriterThread({
      config: t.shop.config,
      file: t.shop.config.dataDir,
      log: { info() {}, warn() {}, error: (_obj, msg) => errors.push(msg) },
      idleMs: 60_000,
    });
    const order = {
      ...customer,
      name: null,
      orderProductXrefs: [{ productId: 1, quantity: 1 }],
      pickUpDayId: null,
    };
    const first = await Promise.allSettled([broken.write(order, CLOCK), broken.write(order, CLOCK)]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(broken.running).toBe(false);
    await expect(broken.write(order, CLOCK)).rejects.toThrow();
    expect(errors.filter((m) => m === 'the order writer thread failed').length).toBeGreaterThanOrEqual(2);
    await broken.close();
  });

  it('carries refusals across as ShopErrors with their problems', async () => {
    const { errorToProblem, problemToError } = await import('./writerThread.ts');
    const refusal = new ShopError({
      kind: 'bad_request',
      message: 'Check the form.',
      problems: [{ path: ['email'], message: 'Enter an e-mail address.' }],
    });
    const back = problemToError(errorToProblem(refusal));
    expect(back).toBeInstanceOf(ShopError);
    expect(back).toMatchObject({
      kind: 'bad_request',
      message: 'Check the form.',
      problems: refusal.problems,
    });
    const failure = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    const failed = problemToError(errorToProblem(failure));
    expect(failed).not.toBeInstanceOf(ShopError);
    expect(failed).toMatchObject({ message: 'disk I/O error', code: 'SQLITE_IOERR' });
  });
});
