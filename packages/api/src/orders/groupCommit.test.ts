import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emailOutbox, openDatabase, orders, type ShopDatabase, type Sqlite } from '@nursery/db';
import { ProductStatus } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestProduct,
  countTestStock,
  openTestShop,
  TEST_CUSTOMER,
  type TestShop,
} from '../testing/testShop.ts';
import { createGroupCommit, groupCommitFor } from './groupCommit.ts';

let t: TestShop;

const addProduct = (name: string, cents: number, status?: number) =>
  addTestProduct(t.shop, name, cents, status);
const countStock = (productId: number, units: number) => countTestStock(t.shop, productId, units);
const customer = TEST_CUSTOMER;

const orderCount = () => t.shop.db.select({ id: orders.orderId }).from(orders).all().length;
const mailCount = () => t.shop.db.select({ id: emailOutbox.emailId }).from(emailOutbox).all().length;

beforeAll(() => {
  t = openTestShop({ demo: false });
});
afterAll(() => t.close());

describe('group commit of order submits', () => {
  it('commits the orders sent together in one transaction; a refused one mid-batch rolls back alone', async () => {
    const oak = addProduct('Swamp White Oak', 450);
    const butternut = addProduct('Butternut', 900, ProductStatus.SoldOut);
    const group = groupCommitFor(t.shop.database.sqlite);
    const batchesBefore = group.stats.batches;
    const ordersBefore = orderCount();
    const mailBefore = mailCount();

    const submit = (productId: number, quantity: number) =>
      t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId, quantity }] });
    const results = await Promise.allSettled([
      submit(oak, 1),
      submit(oak, 2),
      submit(butternut, 1),
      submit(oak, 3),
      submit(oak, 4),
    ]);

    expect(group.stats.batches - batchesBefore).toBe(1);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const refused = results[2];
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      message: 'Butternut cannot be ordered online right now.',
    });
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(placed.map((p) => p.order.totalQuantity)).toEqual([1, 2, 3, 4]);
    // Ids follow each other: the refused order's rolled-back savepoint left no row behind.
    const ids = placed.map((p) => p.orderId);
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2, ids[0]! + 3]);
    expect(orderCount()).toBe(ordersBefore + 4);
    // One owner notice and one customer receipt per placed order, none for the refused one.
    expect(mailCount()).toBe(mailBefore + 8);
  });

  it('counts the works waiting for the end of the turn, none once they are committed', async () => {
    const group = createGroupCommit(t.shop.database.sqlite);
    const committed = [group.run(() => 1), group.run(() => 2)];
    expect(group.waiting).toBe(2);
    await expect(Promise.all(committed)).resolves.toEqual([1, 2]);
    expect(group.waiting).toBe(0);
  });

  it('never sells more than a counted product has, even when every order arrives in the same batch', async () => {
    const pawpaw = addProduct('Pawpaw', 1500);
    countStock(pawpaw, 10);
    const group = groupCommitFor(t.shop.database.sqlite);
    const batchesBefore = group.stats.batches;

    const results = await Promise.allSettled(
      Array.from({ length: 15 }, () =>
        t.caller().orders.submit({ ...customer, orderProductXrefs: [{ productId: pawpaw, quantity: 1 }] }),
      ),
    );

    expect(group.stats.batches - batchesBefore).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    // The tenth order, in the same transaction, marked the product Sold Out for the orders after it.
    expect(reasons).toEqual(Array(5).fill('Pawpaw cannot be ordered online right now.'));
    const shown = (await t.caller().catalog.productsToShow()).value.find((p) => p.productId === pawpaw);
    expect(shown).toMatchObject({ calculatedStock: 0, isSoldOut: true });
  });

  it('answers a caller only once its order can be read from another connection (committed)', async () => {
    const oak = addProduct('Bur Oak', 700);
    const reader = openDatabase(t.shop.database.file, { readonly: true }).sqlite;
    try {
      const seen = await Promise.all(
        [1, 2, 3].map((quantity) =>
          t
            .caller()
            .orders.submit({ ...customer, orderProductXrefs: [{ productId: oak, quantity }] })
            .then(
              (answer) =>
                reader.prepare('select count(*) as n from orders where order_id = ?').get(answer.orderId) as {
                  n: number;
                },
            ),
        ),
      );
      expect(seen).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    } finally {
      reader.close();
    }
  });

  it('drops the mail an order queued before it failed, and keeps its neighbours', async () => {
    const group = groupCommitFor(t.shop.database.sqlite);
    const mail = (subject: string) => ({
      kind: 'new-order',
      to: 'owner@example.com',
      subject,
      text: subject,
    });
    const outcome = await Promise.allSettled([
      group.run(() => t.shop.queueEmail(mail('kept before'))),
      group.run(() => {
        t.shop.queueEmail(mail('never sent'));
        throw new Error('the order failed after queueing its mail');
      }),
      group.run(() => t.shop.queueEmail(mail('kept after'))),
    ]);
    expect(outcome.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const subjects = t.shop.db.select({ s: emailOutbox.subject }).from(emailOutbox).all();
    expect(subjects.map((r) => r.s)).toEqual(expect.arrayContaining(['kept before', 'kept after']));
    expect(subjects.map((r) => r.s)).not.toContain('never sent');
  });
});

describe('createGroupCommit', () => {
  let dir: string;
  let database: ShopDatabase;
  let sqlite: Sqlite;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-group-commit-'));
    database = openDatabase(path.join(dir, 'g.db'));
    sqlite = database.sqlite;
    sqlite.exec('create table t (v integer not null)');
  });
  afterAll(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const rows = () => (sqlite.prepare('select v from t order by v').all() as { v: number }[]).map((r) => r.v);

  it('splits a crowd into batches of at most the given size, keeping their order', async () => {
    sqlite.exec('delete from t');
    const group = createGroupCommit(sqlite, 4);
    const values = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        group.run(() => {
          sqlite.prepare('insert into t (v) values (?)').run(i);
          return i;
        }),
      ),
    );
    expect(values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(group.stats).toMatchObject({ batches: 3, items: 10, largestBatch: 4 });
  });

  it('runs each work once when a refused one wrote nothing, and again order by order when one failed after writing', async () => {
    sqlite.exec('delete from t');
    const group = createGroupCommit(sqlite);
    const runs: number[] = [];
    const insert = (v: number) => sqlite.prepare('insert into t (v) values (?)').run(v);
    const refusedFirst = await Promise.allSettled([
      group.run(() => {
        runs.push(1);
        insert(1);
      }),
      group.run(() => {
        runs.push(2);
        throw new Error('refused before writing');
      }),
      group.run(() => {
        runs.push(3);
        insert(3);
      }),
    ]);
    expect(refusedFirst.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runs).toEqual([1, 2, 3]);
    expect(rows()).toEqual([1, 3]);

    runs.length = 0;
    const failedAfterWriting = await Promise.allSettled([
      group.run(() => {
        runs.push(4);
        insert(4);
        return 4;
      }),
      group.run(() => {
        runs.push(5);
        insert(5);
        throw new Error('failed after writing');
      }),
      group.run(() => {
        runs.push(6);
        insert(6);
        return 6;
      }),
    ]);
    expect(failedAfterWriting).toEqual([
      { status: 'fulfilled', value: 4 },
      { status: 'rejected', reason: new Error('failed after writing') },
      { status: 'fulfilled', value: 6 },
    ]);
    // The first run stopped at the failure and was rolled back; the second ran every work in a savepoint.
    expect(runs).toEqual([4, 5, 4, 5, 6]);
    expect(rows()).toEqual([1, 3, 4, 6]);
    expect(sqlite.inTransaction).toBe(false);
  });

  it('tells every caller of a batch that failed as a whole, and keeps none of it', async () => {
    sqlite.exec('delete from t');
    const group = createGroupCommit(sqlite);
    const outcome = await Promise.allSettled([
      group.run(() => sqlite.prepare('insert into t (v) values (1)').run()),
      // Ends the whole transaction, as SQLite does itself on a full disk or an I/O error.
      group.run(() => sqlite.exec('ROLLBACK')),
      group.run(() => sqlite.prepare('insert into t (v) values (3)').run()),
    ]);
    expect(outcome.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(rows()).toEqual([]);
    expect(sqlite.inTransaction).toBe(false);
    // The next batch works as usual.
    await group.run(() => sqlite.prepare('insert into t (v) values (4)').run());
    expect(rows()).toEqual([4]);
  });
});
