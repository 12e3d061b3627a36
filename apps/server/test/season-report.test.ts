import type { SeasonReport } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageStatus } from '../src/indexPage.ts';
import { exportedWorkbook, rest, type TestServer } from '../src/testing.ts';
import { hasSoffice, viaLibreOffice } from './support/libreOffice.ts';
import { signedInShop } from './support/shop.ts';

// A day late in the 2025-26 season: the demo shop has orders in it and in the seasons before.
const NOW = new Date('2026-05-20T15:00:00Z');
const SEASON = 2025;

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInShop({}, { now: () => NOW }));
});
afterAll(async () => server?.stop());

const sql = <T>(query: string, ...params: unknown[]) =>
  server.shop.database.sqlite.prepare(query).all(...params) as T[];

async function report(query = '') {
  return rest<SeasonReport>(server.url, 'GET', `/api/v1/SeasonReport${query}`, { token });
}

describe('season report over REST', () => {
  it('answers the current season by default, and agrees with the database figure by figure', async () => {
    const { status, body } = await report();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ season: SEASON, label: '2025-26', nextLabel: '2026-27' });
    expect(body.data.rows.length).toBeGreaterThan(0);

    // Recomputed here with plain SQL, independently of the service.
    const sold = new Map(
      sql<{ productId: number; sold: number; cents: number }>(
        `select l.product_id as productId, sum(l.quantity) as sold, sum(l.subtotal_cents) as cents
           from order_lines l join orders o on o.order_id = l.order_id
          where o.season_purchased = ? and o.deleted_at is null group by l.product_id`,
        SEASON,
      ).map((r) => [r.productId, r]),
    );
    const offered = new Map(
      sql<{ productId: number; offered: number }>(
        'select product_id as productId, sum(change_in_stock) as offered from stock_changes where season = ? group by product_id',
        SEASON,
      ).map((r) => [r.productId, r.offered]),
    );
    let checked = 0;
    for (const row of body.data.rows) {
      const s = sold.get(row.productId);
      expect(row.sold).toBe(s?.sold ?? 0);
      expect(Math.round(row.revenue * 100)).toBe(s?.cents ?? 0);
      expect(row.offered).toBe(offered.get(row.productId) ?? 0);
      expect(row.isStockTracked).toBe(offered.has(row.productId));
      if (row.offered > 0) expect(row.sellThrough).toBeCloseTo(row.sold / row.offered, 10);
      checked += s ? 1 : 0;
    }
    expect(checked).toBeGreaterThan(3);
    // Every product type's totals are its rows added up.
    for (const type of body.data.types) {
      const rows = body.data.rows.filter((r) => r.productTypeId === type.productTypeId);
      expect(type.sold).toBe(rows.reduce((n, r) => n + r.sold, 0));
      expect(type.suggested).toBe(rows.reduce((n, r) => n + r.suggested, 0));
    }
  });

  it('keeps a planned quantity, refuses a bad one with a message, and is for staff only', async () => {
    const { body } = await report(`?season=${SEASON}`);
    const first = body.data.rows[0];
    if (!first) throw new Error('no rows');
    const saved = await rest(server.url, 'POST', '/api/v1/SeasonReport/Plan', {
      token,
      body: { season: SEASON, productId: first.productId, quantity: 250 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ productId: first.productId, season: SEASON + 1, planned: 250 });
    expect((await report()).body.data.rows[0]?.planned).toBe(250);

    const bad = await rest(server.url, 'POST', '/api/v1/SeasonReport/Plan', {
      token,
      body: { season: SEASON, productId: first.productId, quantity: 'lots' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('The planned quantity must be a whole number from 0 to 1,000,000.');

    const badSeason = await report('?season=26');
    expect(badSeason.status).toBe(400);
    expect(badSeason.body.message).toContain('The season must be a starting year such as 2025.');

    for (const [method, url] of [
      ['GET', '/api/v1/SeasonReport'],
      ['POST', '/api/v1/SeasonReport/Plan'],
      ['GET', '/Exports/GetSeasonReportExport'],
    ] as const) {
      expect((await rest(server.url, method, url, { body: method === 'POST' ? {} : undefined })).status).toBe(
        401,
      );
    }
  });

  it('is a page of the back office, answered 200 (and an address beside it 404)', () => {
    expect(pageStatus('/Admin/SeasonReport')).toBe(200);
    expect(pageStatus('/admin/seasonreport/')).toBe(200);
    expect(pageStatus('/Admin/SeasonReports')).toBe(404);
  });

  it('exports the same figures as a workbook that LibreOffice opens', async () => {
    const { body } = await report();
    const download = await exportedWorkbook(
      server.url,
      `/Exports/GetSeasonReportExport?season=${SEASON}`,
      token,
    );
    expect(download.status).toBe(200);
    expect(download.fileName).toBe('2026-05-20 SeasonReport.xls');
    const { bytes } = download;
    expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    if (!hasSoffice()) return;
    const rows = viaLibreOffice(bytes, 'season-report');
    expect(rows[0]?.slice(0, 8)).toEqual([
      'Product Id',
      'Name',
      'Size',
      'Product Type',
      'Status',
      'Offered',
      'Sold',
      'Sell-through %',
    ]);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    for (const row of body.data.rows) {
      const line = byId.get(row.productId);
      expect(line?.[1]).toBe(row.name);
      expect(Number(line?.[6])).toBe(row.sold);
      expect(Number(line?.[16])).toBe(row.suggested);
    }
  });
});
