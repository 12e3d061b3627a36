import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zonedTimeToInstant } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { exportedWorkbook, nonStaffToken, rest, staffToken, type TestServer } from '../src/testing.ts';
import { insertProduct } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

// Check-in at the counter through the REST calls, against a shop with no demo data and a clock the tests move.
const TZ = 'America/Chicago';
let clock = zonedTimeToInstant(TZ, 2026, 4, 11, 9, 30);
let server: TestServer;
let token: string;
let oak: number;

interface Pickup {
  orderId: number;
  version: number;
  pickedUpTimestamp: string | null;
  displayPickedUpTimestamp: string | null;
  pickedUpUsername: string | null;
  paidMethod: 'cash' | 'check' | null;
  paid: number | null;
  displayPaid: string | null;
  paidTimestamp: string | null;
  displayPaidTimestamp: string | null;
  paidUsername: string | null;
  paidCheckNumber: string | null;
}

async function newOrder(name: string, phoneNumber: string): Promise<Pickup> {
  const saved = await rest<Pickup>(server.url, 'PUT', '/api/v1/Orders/Update', {
    token,
    body: { name, email: '', phoneNumber, products: [{ productId: oak, quantity: 3 }] },
  });
  expect(saved.status).toBe(200);
  return saved.body.data;
}

const checkIn = (orderId: unknown, as = token) =>
  rest<Pickup>(server.url, 'POST', '/api/v1/Orders/CheckIn', { token: as, body: { orderId } });
const undo = (orderId: number) =>
  rest<Pickup>(server.url, 'DELETE', `/api/v1/Orders/CheckIn?orderId=${orderId}`, { token });
const pay = (body: Record<string, unknown>) =>
  rest<Pickup>(server.url, 'PUT', '/api/v1/Orders/Payment', { token, body });
const details = (orderId: number) =>
  rest<Pickup>(server.url, 'GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`, { token });

beforeAll(async () => {
  ({ server, token } = await signedInShop(
    { DEMO_DATA: 'false' },
    { now: () => clock },
    { email: 'counter@example.com', name: 'Cora Counter' },
  ));
  oak = insertProduct(server, 'Bur Oak');
});
afterAll(async () => server?.stop());

/** A sheet of a workbook as rows of cells, its header row first, an empty cell as null. */
function sheetRows(book: XLSX.WorkBook, sheet: number, { raw }: { raw: boolean }): unknown[][] {
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[sheet] ?? ''] as XLSX.WorkSheet, {
    header: 1,
    raw,
    defval: null,
  });
}

describe('check-in at the counter', () => {
  it('refuses every new call without a staff token (401) and for someone who is not staff (403)', async () => {
    const outsider = await nonStaffToken(server);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/v1/Orders/CheckIn', { orderId: 1 }],
      ['DELETE', '/api/v1/Orders/CheckIn?orderId=1', undefined],
      ['PUT', '/api/v1/Orders/Payment', { orderId: 1, method: 'cash', amount: 5 }],
      ['DELETE', '/api/v1/Orders/Payment?orderId=1', undefined],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await rest(server.url, method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const notStaff = await rest(server.url, method, path, { body, token: outsider });
      expect(notStaff.status, `${method} ${path}`).toBe(403);
    }
  });

  it('marks an order picked up with who and when, keeps the first check-in, and undoes a mistaken one', async () => {
    const order = await newOrder('Ada Quill', '(555) 010-2233');
    expect(order.pickedUpTimestamp).toBeNull();

    const done = await checkIn(order.orderId);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Picked up');
    expect(done.body.data.pickedUpTimestamp).toBe(clock.toISOString());
    expect(done.body.data.displayPickedUpTimestamp).toBe('4/11/2026 9:30 AM');
    expect(done.body.data.pickedUpUsername).toBe('Cora Counter');
    // The editor's version is untouched: a colleague with the order open can still save it.
    expect(done.body.data.version).toBe(order.version);

    // A second tap a minute later, by someone else, does not rewrite who handed the order over.
    clock = new Date(clock.getTime() + 60_000);
    const other = await staffToken(server, { email: 'yard@example.com', name: 'Yuri Yard' });
    const again = await checkIn(order.orderId, other);
    expect(again.status).toBe(200);
    expect(again.body.data.pickedUpUsername).toBe('Cora Counter');
    expect(again.body.data.pickedUpTimestamp).toBe(done.body.data.pickedUpTimestamp);

    const undone = await undo(order.orderId);
    expect(undone.status).toBe(200);
    expect(undone.body.data.pickedUpTimestamp).toBeNull();
    expect(undone.body.data.pickedUpUsername).toBeNull();
    expect((await details(order.orderId)).body.data.pickedUpTimestamp).toBeNull();
  });

  it('records what was paid (cash or check, dollars, optional check number) and takes it back', async () => {
    const order = await newOrder('Bea Bramble', '555 777 1212');
    const cash = await pay({ orderId: order.orderId, method: 'cash', amount: 31.65 });
    expect(cash.status).toBe(200);
    expect(cash.body.data).toMatchObject({
      paidMethod: 'cash',
      paid: 31.65,
      displayPaid: '$31.65',
      paidUsername: 'Cora Counter',
      paidCheckNumber: null,
      paidTimestamp: clock.toISOString(),
    });
    const check = await pay({
      orderId: order.orderId,
      method: 'check',
      amount: 31.65,
      checkNumber: ' 1042 ',
    });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ paidMethod: 'check', paid: 31.65, paidCheckNumber: '1042' });
    const row = server.shop.database.sqlite
      .prepare('select paid_cents, paid_method from orders where order_id = ?')
      .get(order.orderId);
    expect(row).toEqual({ paid_cents: 3165, paid_method: 'check' });

    // The customer's own lookup shows the state but not who took the money or the check's number.
    const lookup = await rest<Record<string, unknown>>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${order.orderId}&phoneNumber=5557771212`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({ paidMethod: 'check', displayPaid: '$31.65' });
    expect(lookup.body.data).not.toHaveProperty('paidUsername');
    expect(lookup.body.data).not.toHaveProperty('paidCheckNumber');

    const cleared = await rest<Pickup>(
      server.url,
      'DELETE',
      `/api/v1/Orders/Payment?orderId=${order.orderId}`,
      { token },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ paidMethod: null, paid: null, paidUsername: null });
  });

  it('answers 400 naming the field for bad input, 404 for an unknown order, 400 for a deleted one', async () => {
    const order = await newOrder('Cy Cedar', '555-202-3030');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ orderId: order.orderId, method: 'cash', amount: -5 }, /^amount /],
      [{ orderId: order.orderId, method: 'cash', amount: 12.345 }, /^amount /],
      [{ orderId: order.orderId, method: 'cash', amount: 'lots' }, /^amount /],
      // A number in quotes is not a number: a program that sends one has mixed something up.
      [{ orderId: order.orderId, method: 'cash', amount: '31.65' }, /^amount must be a number of dollars/],
      [{ orderId: order.orderId, method: 'cash' }, /^amount /],
      [{ orderId: order.orderId, method: 'card', amount: 5 }, /^method must be one of cash, check\./],
      [{ orderId: order.orderId, method: 'cash', amount: 5, checkNumber: '12' }, /^checkNumber /],
      [{ orderId: 'x', method: 'cash', amount: 5 }, /^The order id /],
      [{ orderId: order.orderId, method: 'check', amount: 200_000 }, /^amount can be at most/],
    ];
    for (const [body, message] of cases) {
      const refused = await pay(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toMatch(message);
    }
    // More than the order's total is a slip of the finger: the desk records what the order received.
    const over = await pay({ orderId: order.orderId, method: 'cash', amount: 9999 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      `Order ${order.orderId} comes to $31.65: record at most $31.65 as paid, and give anything over it back as change.`,
    );
    expect((await pay({ orderId: order.orderId, method: 'cash', amount: 31.66 })).status).toBe(400);
    const paidCents = () =>
      server.shop.database.sqlite
        .prepare('select paid_cents from orders where order_id = ?')
        .get(order.orderId);
    expect(paidCents()).toEqual({ paid_cents: null });
    expect((await pay({ orderId: order.orderId, method: 'cash', amount: 31.65 })).status).toBe(200);
    expect(paidCents()).toEqual({ paid_cents: 3165 });
    expect((await checkIn(-1)).body.message).toMatch(/^The order id /);
    const missing = await checkIn(99_999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no order number 99999.');

    await rest(server.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${order.orderId}`, { token });
    const deleted = await checkIn(order.orderId);
    expect(deleted.status).toBe(400);
    expect(deleted.body.message).toMatch(/is deleted/);
  });

  it('puts picked-up and paid in the admin list (column data and filter) and in the season export', async () => {
    const waiting = await newOrder('Dee Dogwood', '555-404-5050');
    const taken = await newOrder('Eli Elm', '555-606-7070');
    await checkIn(taken.orderId);
    await pay({ orderId: taken.orderId, method: 'check', amount: 31.65, checkNumber: '77' });

    const page = async (pickup: string) => {
      const response = await fetch(
        `${server.url}/trpc/orders.page?input=${encodeURIComponent(JSON.stringify({ pickup, pageSize: 100 }))}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      const json = (await response.json()) as {
        result: { data: { total: number; rows: (Pickup & { name: string })[] } };
      };
      return json.result.data;
    };
    const picked = await page('pickedUp');
    expect(picked.rows.map((r) => r.orderId)).toContain(taken.orderId);
    expect(picked.rows.map((r) => r.orderId)).not.toContain(waiting.orderId);
    expect(picked.rows.find((r) => r.orderId === taken.orderId)).toMatchObject({
      pickedUpUsername: 'Cora Counter',
      paidMethod: 'check',
      displayPaid: '$31.65',
    });
    const still = await page('waiting');
    expect(still.rows.map((r) => r.orderId)).toContain(waiting.orderId);
    expect(still.rows.map((r) => r.orderId)).not.toContain(taken.orderId);

    const season = await rest<Pickup[]>(server.url, 'GET', '/api/v1/Orders/GetAllOrdersForSeason?season=-1', {
      token,
    });
    expect(season.body.data.find((r) => r.orderId === taken.orderId)?.paidMethod).toBe('check');

    const download = await exportedWorkbook(server.url, '/Exports/GetCurrentSeasonOrdersWithProducts', token);
    const book = XLSX.read(download.bytes, { type: 'buffer' });
    const lines = sheetRows(book, 0, { raw: false });
    const header = lines[0] as string[];
    const line = lines.find((r) => r[0] === String(taken.orderId)) as unknown[];
    expect(line[header.indexOf('Picked Up By')]).toBe('Cora Counter');
    expect(line[header.indexOf('Paid By')]).toBe('Check');
    const waitingLine = lines.find((r) => r[0] === String(waiting.orderId)) as unknown[];
    expect(waitingLine[header.indexOf('Picked Up')]).toBeNull();

    expect(book.SheetNames[1]).toBe('Pick-up 2025-26');
    const perOrder = sheetRows(book, 1, { raw: true });
    const head = perOrder[0] as string[];
    const row = perOrder.find((r) => r[0] === taken.orderId) as unknown[];
    expect(row[head.indexOf('Paid')]).toBe(31.65);
    expect(row[head.indexOf('Check Number')]).toBe('77');
    expect(row[head.indexOf('Payment Taken By')]).toBe('Cora Counter');
    expect((perOrder.find((r) => r[0] === waiting.orderId) as unknown[])[head.indexOf('Picked Up')]).toBe(
      'Waiting',
    );
  });
});

interface PickList {
  title: string;
  orderCount: number;
  pickedUpCount: number;
  totalQuantity: number;
  products: { productId: number; name: string; productType: string; quantity: number; orderCount: number }[];
  orders: {
    orderId: number;
    name: string;
    lines: { name: string; productType: string; quantity: number }[];
  }[];
}

function addProduct(name: string, productTypeId: number): number {
  return insertProduct(server, name, { productTypeId, tiers: [{ startQuantity: 1, priceCents: 500 }] });
}

/** LibreOffice's reading of every sheet of a workbook, as UTF-8 CSV per sheet. */
function sheetsViaLibreOffice(bytes: Buffer): string[][][] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'picklist-'));
  try {
    writeFileSync(path.join(dir, 'list.xls'), bytes);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        // The last field -1 writes every sheet, each to list-SheetName.csv.
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1',
        '--outdir',
        dir,
        path.join(dir, 'list.xls'),
      ],
      { env: { ...process.env, LANG: 'C.UTF-8' }, stdio: 'ignore', timeout: 120_000 },
    );
    return ['Pull totals', 'Orders'].map((sheet) => {
      const csv = readFileSync(path.join(dir, `list-${sheet}.csv`), 'utf8');
      return XLSX.utils.sheet_to_json<string[]>(
        XLSX.read(csv, { type: 'string', raw: true }).Sheets.Sheet1 as XLSX.WorkSheet,
        { header: 1, raw: false, defval: '' },
      );
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('pick lists', () => {
  it('lists a day’s orders still to pull, lines by product type then name, and each product’s total', async () => {
    const days = await rest<{ pickUpDayId: number; date: string }[]>(
      server.url,
      'POST',
      '/api/v1/PickUpDays/SavePickUpDay',
      { token, body: { date: '2026-04-18', startTime: '09:00', endTime: '16:00', capacity: 10 } },
    );
    expect(days.status).toBe(200);
    const day = days.body.data.find((d) => d.date === '2026-04-18')?.pickUpDayId as number;
    const plum = addProduct('American Plum', 1); // Fruit
    const hazel = addProduct('Hazelnut', 7); // Shrubs
    const aronia = addProduct('Aronia', 7); // Shrubs
    const place = async (name: string, lines: [number, number][]) => {
      const saved = await rest<{ orderId: number }>(server.url, 'PUT', '/api/v1/Orders/Update', {
        token,
        body: {
          name,
          phoneNumber: '555-000-1111',
          pickUpDayId: day,
          products: lines.map(([productId, quantity]) => ({ productId, quantity })),
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return saved.body.data.orderId;
    };
    const first = await place('Gil Grove', [
      [hazel, 2],
      [plum, 5],
      [aronia, 1],
    ]);
    const second = await place('Hana Hedge', [
      [aronia, 3],
      [oak, 1],
    ]);
    const taken = await place('Ivo Ivy', [[plum, 40]]);
    await checkIn(taken);
    const gone = await place('Jo Juniper', [[hazel, 9]]);
    await rest(server.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${gone}`, { token });

    const answer = await rest<PickList>(server.url, 'GET', `/api/v1/PickUp/GetPickList?pickUpDay=${day}`, {
      token,
    });
    expect(answer.status).toBe(200);
    const list = answer.body.data;
    expect(list.title).toBe('Saturday, April 18, 2026, 9:00 AM to 4:00 PM');
    expect(list.orders.map((o) => o.orderId)).toEqual([first, second]);
    expect(list.pickedUpCount).toBe(1);
    // Types in alphabetical order (Deciduous, Fruit, Shrubs), then names inside a type.
    expect(list.orders[0]?.lines.map((l) => `${l.productType}: ${l.name} x${l.quantity}`)).toEqual([
      'Fruit: American Plum x5',
      'Shrubs: Aronia x1',
      'Shrubs: Hazelnut x2',
    ]);
    expect(list.products.map((p) => `${p.productType}: ${p.name} x${p.quantity} (${p.orderCount})`)).toEqual([
      'Deciduous: Bur Oak x1 (1)',
      'Fruit: American Plum x5 (1)',
      'Shrubs: Aronia x4 (2)',
      'Shrubs: Hazelnut x2 (1)',
    ]);
    expect(list.totalQuantity).toBe(12);

    expect(
      (await rest(server.url, 'GET', '/api/v1/PickUp/GetPickList?pickUpDay=9999', { token })).status,
    ).toBe(404);
    const bad = await rest(server.url, 'GET', '/api/v1/PickUp/GetPickList?pickUpDay=soon', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/pickUpDay/);
    expect((await rest(server.url, 'GET', `/api/v1/PickUp/GetPickList?pickUpDay=${day}`)).status).toBe(401);
    expect((await fetch(`${server.url}/Exports/GetPickListExport?pickUpDay=${day}`)).status).toBe(401);

    const download = await exportedWorkbook(server.url, `/Exports/GetPickListExport?pickUpDay=${day}`, token);
    expect(download.status).toBe(200);
    expect(download.fileName).toContain('PickList 2026-04-18.xls');
    const { bytes } = download;
    expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const [totals, lines] = sheetsViaLibreOffice(bytes);
    expect(totals?.[0]).toEqual(['Product Type', 'Product', 'Size', 'Quantity', 'Orders', 'Product Id']);
    expect(totals?.slice(1).map((r) => r.slice(0, 5).join('|'))).toEqual([
      'Deciduous|Bur Oak|1 gal|1|1',
      'Fruit|American Plum|1 gal|5|1',
      'Shrubs|Aronia|1 gal|4|2',
      'Shrubs|Hazelnut|1 gal|2|1',
      '|Total||12|2',
    ]);
    expect(lines?.slice(1).map((r) => `${r[0]} ${r[4]} ${r[6]}`)).toEqual([
      `${first} American Plum 5`,
      `${first} Aronia 1`,
      `${first} Hazelnut 2`,
      `${second} Bur Oak 1`,
      `${second} Aronia 3`,
    ]);
  }, 180_000);
});
