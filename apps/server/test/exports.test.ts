import { readdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PICK_UP_DAY_NOT_FOUND, UNAUTHORIZED_NO_TOKEN } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { rest, type TestServer } from '../src/testing.ts';
import { hasSoffice, viaLibreOffice } from './support/libreOffice.ts';
import { insertOrders } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

// A fixed day in the 2024-25 season, in the shop's zone (America/Chicago by default).
const NOW = new Date('2025-03-15T15:00:00Z');
const SEASON = 2024;

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInShop({}, { now: () => NOW }));
});
afterAll(async () => server?.stop());

async function download(pathName: string) {
  const response = await fetch(`${server.url}${pathName}`, { headers: { authorization: `Bearer ${token}` } });
  const envelope = (await response.json()) as {
    success: boolean;
    data: { fileName: string; contentType: string; base64: string };
  };
  return { response, envelope, bytes: Buffer.from(envelope.data.base64, 'base64') };
}

function sheetRows(bytes: Buffer): { sheet: XLSX.WorkSheet; rows: unknown[][] } {
  const book = XLSX.read(bytes, { type: 'buffer', cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet;
  return { sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

const sql = <T>(query: string, ...params: unknown[]) =>
  server.shop.database.sqlite.prepare(query).all(...params) as T[];
const one = <T>(query: string, ...params: unknown[]) =>
  server.shop.database.sqlite.prepare(query).get(...params) as T;

describe('exports', () => {
  it.each([
    '/Exports/GetStockExport',
    '/Exports/GetYearOverYearExport',
    '/Exports/GetCurrentSeasonOrdersWithProducts',
  ])('%s answers 401 without a token', async (url) => {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(UNAUTHORIZED_NO_TOKEN);
  });

  it('ProductStock: one typed row per product with this season’s stock and sales, and totals', async () => {
    const { response, envelope, bytes } = await download('/Exports/GetStockExport');
    expect(response.status).toBe(200);
    // JSON, the envelope like every other answer, saying what the file in it is: no base64 text posing as an .xls.
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(envelope).toMatchObject({
      success: true,
      data: { fileName: '2025-03-15 ProductStock.xls', contentType: 'application/vnd.ms-excel' },
    });
    // An OLE2 compound file: the container of Excel 97-2003 (BIFF8) workbooks.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0');

    const { sheet, rows } = sheetRows(bytes);
    expect(rows[0]).toEqual([
      'Product Id',
      'Name',
      'Size',
      'Product Type',
      'Species',
      'Status',
      'Current Stock',
      'Num Sold',
      'Calculated Stock',
      'Revenue',
    ]);
    const products = one<{ n: number }>(
      'select count(*) as n from products where deleted_at is null and product_status <> 4',
    ).n;
    expect(rows.length).toBe(1 + products + 1);
    const sold = one<{ q: number; cents: number }>(
      `select coalesce(sum(l.quantity), 0) as q, coalesce(sum(l.subtotal_cents), 0) as cents
       from order_lines l join orders o on o.order_id = l.order_id
       join products p on p.product_id = l.product_id
       where o.season_purchased = ? and o.deleted_at is null and p.deleted_at is null and p.product_status <> 4`,
      SEASON,
    );
    const total = rows.at(-1) as unknown[];
    expect(total[1]).toBe('Total');
    expect(total[7]).toBe(sold.q);
    expect(total[9]).toBeCloseTo(sold.cents / 100, 2);
    expect(sold.q).toBeGreaterThan(0);

    // One tracked product checked against the stock changes recorded for it.
    const tracked = one<{ product_id: number; stock: number }>(
      'select product_id, sum(change_in_stock) as stock from stock_changes where season = ? group by product_id limit 1',
      SEASON,
    );
    const row = rows.find((r) => r[0] === tracked.product_id) as unknown[];
    expect(row[6]).toBe(tracked.stock);
    expect(row[8]).toBe((row[6] as number) - (row[7] as number));

    expect(sheet.A2?.t).toBe('n');
    expect(sheet.J2?.t).toBe('n');
    expect(sheet.J2?.z).toBe('"$"#,##0.00');
  });

  it('YearOverYearByMonth: months July to June against every season, counts and revenue matching the orders', async () => {
    const { response, envelope, bytes } = await download('/Exports/GetYearOverYearExport');
    expect(response.status).toBe(200);
    expect(envelope.data.fileName).toBe('2025-03-15 YearOverYearByMonth.xls');
    const { rows } = sheetRows(bytes);
    const header = rows[0] as string[];
    expect(header[0]).toBe('Month');
    expect(rows.slice(1, 13).map((r) => r[0])).toEqual([
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
    ]);
    const seasons = sql<{ season: number; n: number; cents: number }>(
      `select season_purchased as season, count(*) as n, sum(subtotal_cents) as cents
       from orders where deleted_at is null group by season_purchased order by season_purchased`,
    );
    expect(seasons.length).toBeGreaterThan(3);
    const total = rows[13] as unknown[];
    expect(total[0]).toBe('Total');
    for (const s of seasons) {
      const label = `${s.season}-${String((s.season + 1) % 100).padStart(2, '0')}`;
      const col = header.indexOf(`${label} Orders`);
      expect(col).toBeGreaterThan(0);
      expect(header[col + 1]).toBe(`${label} Revenue`);
      expect(total[col]).toBe(s.n);
      expect(total[col + 1]).toBeCloseTo(s.cents / 100, 2);
      const monthSum = rows.slice(1, 13).reduce((sum, r) => sum + (r[col] as number), 0);
      expect(monthSum).toBe(s.n);
    }

    const data = await fetch(`${server.url}/trpc/exports.yearOverYearData`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const json = (await data.json()) as {
      result: {
        data: {
          months: { label: string }[];
          seasons: { season: number; totalOrders: number; orders: number[] }[];
        };
      };
    };
    expect(json.result.data.months.map((m) => m.label)[0]).toBe('Jul');
    for (const s of seasons) {
      expect(json.result.data.seasons.find((x) => x.season === s.season)?.totalOrders).toBe(s.n);
    }
  });

  it('CurrentSeasonOrdersWithProducts: one row per order line of this season, dates in the shop’s zone, deleted orders left out', async () => {
    const lines = () =>
      sql<{ order_id: number; created_at: number; quantity: number; total_cents: number }>(
        `select o.order_id, o.created_at, l.quantity, l.total_cents from order_lines l join orders o on o.order_id = l.order_id
         where o.season_purchased = ? and o.deleted_at is null order by o.order_id, l.order_product_xref_id`,
        SEASON,
      );
    const { response, envelope, bytes } = await download('/Exports/GetCurrentSeasonOrdersWithProducts');
    expect(response.status).toBe(200);
    expect(envelope.data.fileName).toBe('2025-03-15 CurrentSeasonOrdersWithProducts.xls');
    // Written out as it is read from its file in the data folder (no length known up front), then removed.
    expect(response.headers.get('content-length')).toBeNull();
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith('.export-'))).toEqual([]);
    const { sheet, rows } = sheetRows(bytes);
    expect((rows[0] as string[]).slice(0, 2)).toEqual(['Order Id', 'Order Date']);
    const expected = lines();
    expect(rows.length).toBe(1 + expected.length + 1);
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(expected.map((l) => l.order_id));
    const total = rows.at(-1) as unknown[];
    expect(total[11]).toBe(expected.reduce((s, l) => s + l.quantity, 0));
    expect(total[15]).toBeCloseTo(expected.reduce((s, l) => s + l.total_cents, 0) / 100, 2);

    const first = expected[0] as { created_at: number };
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(first.created_at);
    expect(sheet.B2?.t).toBe('n');
    expect(sheet.B2?.w).toBe(wall);
    expect(sheet.M2?.z).toBe('"$"#,##0.00');

    // A deleted order disappears from the next export.
    const gone = first as { order_id?: number };
    server.shop.database.sqlite
      .prepare('update orders set deleted_at = ?, deleted_by = ? where order_id = ?')
      .run(NOW.getTime(), 'test', (expected[0] as { order_id: number }).order_id);
    const after = sheetRows((await download('/Exports/GetCurrentSeasonOrdersWithProducts')).bytes).rows;
    expect(after.slice(1, -1).map((r) => r[0])).not.toContain(gone.order_id);
    expect(after.length).toBe(1 + lines().length + 1);
  });

  it('CurrentSeasonOrdersWithProducts: the tax of an order is 5.5% of its subtotal, shared over its lines', async () => {
    // $1.00 + $1.00 + $4.00: 5.5% of $6.00 is $0.33 (rounding each line and summing gave $0.34). The lines
    // take the rounded-down shares plus the cent left over, to the line with the largest remainder (the
    // earlier one on a tie): $0.06, $0.05, $0.22.
    const untracked = sql<{ product_id: number }>(
      `select product_id from products where product_status = 2 and deleted_at is null
       and product_id not in (select product_id from stock_changes where season = ?) order by product_id limit 3`,
      SEASON,
    ).map((p) => p.product_id);
    expect(untracked).toHaveLength(3);
    const placed = await rest<{ orderId: number; subtotal: number; tax: number; total: number }>(
      server.url,
      'PUT',
      '/api/v1/Orders/Update',
      {
        token,
        body: {
          name: 'Tax Counter',
          email: 'tax@example.com',
          phoneNumber: '(555) 010-6633',
          products: untracked.map((productId, i) => ({
            productId,
            quantity: 1,
            price: i === 2 ? 4 : 1,
            isStatic: true,
          })),
        },
      },
    );
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ subtotal: 6, tax: 0.33, total: 6.33 });

    const { rows } = sheetRows((await download('/Exports/GetCurrentSeasonOrdersWithProducts')).bytes);
    const header = rows[0] as string[];
    const column = (name: string) => header.indexOf(name);
    const lines = rows.filter((r) => r[0] === placed.body.data.orderId);
    expect(lines.map((r) => r[column('Subtotal')])).toEqual([1, 1, 4]);
    expect(lines.map((r) => r[column('Tax')])).toEqual([0.06, 0.05, 0.22]);
    expect(lines.map((r) => r[column('Line Total')])).toEqual([1.06, 1.05, 4.22]);
    const cents = (column: number) =>
      lines.reduce((sum, r) => sum + Math.round((r[column] as number) * 100), 0);
    expect(cents(column('Tax'))).toBe(33);
    expect(cents(column('Line Total'))).toBe(633);

    // Every order of the season adds up the same way: its lines' tax is its stored tax, which is the rate of
    // its subtotal (the demo orders are made by the same rule, and none predates it).
    const byOrder = new Map<number, { subtotal: number; tax: number; exempt: boolean }>();
    for (const r of rows.slice(1, -1)) {
      const order = byOrder.get(r[0] as number) ?? {
        subtotal: 0,
        tax: 0,
        exempt: r[column('Tax Exempt')] === true,
      };
      order.subtotal += Math.round((r[column('Subtotal')] as number) * 100);
      order.tax += Math.round((r[column('Tax')] as number) * 100);
      byOrder.set(r[0] as number, order);
    }
    expect(byOrder.size).toBeGreaterThan(10);
    const stored = new Map(
      sql<{ order_id: number; tax_cents: number }>(
        'select order_id, tax_cents from orders where season_purchased = ? and deleted_at is null',
        SEASON,
      ).map((o) => [o.order_id, o.tax_cents]),
    );
    for (const [orderId, order] of byOrder) {
      const expected = order.exempt ? 0 : Math.floor((order.subtotal * 550 + 5000) / 10000);
      expect([orderId, order.tax]).toEqual([orderId, expected]);
      expect([orderId, order.tax]).toEqual([orderId, stored.get(orderId)]);
    }
  });

  // The test command installs LibreOffice (scripts/ensure-libreoffice.sh): in CI a missing one fails here
  // rather than passing the shop's own BIFF8 writer unread.
  it.skipIf(!hasSoffice() && !process.env.CI)(
    'opens in LibreOffice with the same numbers',
    async () => {
      const stock = viaLibreOffice((await download('/Exports/GetStockExport')).bytes, 'stock');
      expect(stock[0]?.[0]).toBe('Product Id');
      const stockTotal = stock.at(-1) as string[];
      expect(stockTotal[1]).toBe('Total');
      expect(stockTotal[9]).toMatch(/^\$[\d,]+\.\d\d$/);

      const yoy = viaLibreOffice((await download('/Exports/GetYearOverYearExport')).bytes, 'yoy');
      expect(yoy[1]?.[0]).toBe('Jul');
      const orders = viaLibreOffice(
        (await download('/Exports/GetCurrentSeasonOrdersWithProducts')).bytes,
        'orders',
      );
      expect(orders[1]?.[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    },
    240_000,
  );
});

/** A busy season: 6,000 more orders of 3 lines without a pick-up day, which took the server's thread about half a second to export. */
function busySeason(): () => void {
  return insertOrders(server, 6000, {
    firstName: 'Busy',
    lastName: 'Season',
    emailName: 'busy',
    comments: 'Keep the roots wet',
    season: SEASON,
    firstCreatedAt: NOW.getTime() - 86400000,
    stepMs: -1000,
    linesOf: 3,
  });
}

/** The whole answer's text, only its pieces gathered meanwhile: decoding megabytes at once would hold this process. */
async function piecesOf(response: Response): Promise<string> {
  const pieces: Uint8Array[] = [];
  for await (const piece of response.body ?? []) pieces.push(piece);
  return Buffer.concat(pieces).toString('utf8');
}

describe('a big export', () => {
  it('is written in pieces: the server answers others meanwhile', async () => {
    const cleanUp = busySeason();
    try {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      // Only the pieces are gathered meanwhile: decoding megabytes at once would hold this process, not the server.
      const pieces: Uint8Array[] = [];
      delay.enable();
      const response = await fetch(`${server.url}/Exports/GetCurrentSeasonOrdersWithProducts`, {
        headers: { authorization: `Bearer ${token}` },
      });
      for await (const piece of response.body ?? []) pieces.push(piece);
      delay.disable();
      const envelope = JSON.parse(Buffer.concat(pieces).toString('utf8')) as { data: { base64: string } };
      const bytes = Buffer.from(envelope.data.base64, 'base64');
      expect(response.status).toBe(200);
      expect(sheetRows(bytes).rows.length).toBeGreaterThan(18_000);
      expect(delay.max / 1e6).toBeLessThan(100);
    } finally {
      cleanUp();
    }
  });

  it('a big pick list, its workbook and the season report read in pieces answer the same over REST and tRPC', async () => {
    const cleanUp = busySeason();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    try {
      delay.enable();
      const get = (pathName: string) =>
        fetch(`${server.url}${pathName}`, {
          // A browser's encodings: the answer is compressed as it is sent, never in one go.
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
        });
      const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify({ 0: input }));
      const restList = await get('/api/v1/PickUp/GetPickList?pickUpDay=none');
      const restListText = await piecesOf(restList);
      const trpcList = await get(`/trpc/pickup.pickList?batch=1&input=${trpcInput({ pickUpDay: 'none' })}`);
      const trpcListText = await piecesOf(trpcList);
      const listBook = await get('/Exports/GetPickListExport?pickUpDay=none');
      const listBookText = await piecesOf(listBook);
      const restReport = await get(`/api/v1/SeasonReport?season=${SEASON}`);
      const restReportText = await piecesOf(restReport);
      const trpcReport = await get(`/trpc/seasonReport.get?batch=1&input=${trpcInput({ season: SEASON })}`);
      const trpcReportText = await piecesOf(trpcReport);
      delay.disable();
      // The server (this process) went on answering between the reads' pieces; the answers are parsed below.
      expect(delay.max / 1e6).toBeLessThan(100);

      for (const response of [restList, trpcList, restReport, trpcReport]) {
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe('br');
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
      const restPickList = JSON.parse(restListText).data;
      expect(restPickList.orderCount).toBeGreaterThanOrEqual(6000);
      expect(
        restPickList.orders.find((o: { name: string }) => o.name === 'Busy Season 17').lines,
      ).toHaveLength(3);
      expect(JSON.parse(trpcListText)[0].result.data).toEqual(restPickList);
      expect(listBook.status).toBe(200);
      const book = JSON.parse(listBookText) as { data: { fileName: string; base64: string } };
      expect(book.data.fileName).toBe('2025-03-15 PickList no day.xls');
      const bookRows = XLSX.read(Buffer.from(book.data.base64, 'base64'), { type: 'buffer' }).Sheets.Orders;
      expect(XLSX.utils.sheet_to_json(bookRows ?? {}, { header: 1 }).length).toBeGreaterThan(18_000);
      const report = JSON.parse(restReportText).data;
      expect(report.season).toBe(SEASON);
      expect(
        report.rows.reduce((sum: number, r: { sold: number }) => sum + r.sold, 0),
      ).toBeGreaterThanOrEqual(36_000);
      expect(JSON.parse(trpcReportText)[0].result.data).toEqual(report);
    } finally {
      delay.disable();
      cleanUp();
    }
  });

  it('a pick-up day that does not exist is refused from its own read as on the server’s', async () => {
    const response = await fetch(`${server.url}/api/v1/PickUp/GetPickList?pickUpDay=999999`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(PICK_UP_DAY_NOT_FOUND);
  });
});
