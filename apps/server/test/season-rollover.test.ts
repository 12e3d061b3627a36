import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type RolloverPreview,
  type RolloverResult,
  type RolloverStatus,
  raisedPriceCents,
} from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { signedInShop } from './support/shop.ts';

const STAFF = 'owner@example.com';
// The allow-list decides who is staff, so the token stays staff when the restore replaces the accounts table.
const env = { STAFF_EMAILS: STAFF };
// May 2026: the 2025-26 season by the calendar, its selling over; a fixed clock moved on by each read.
let clock = Date.UTC(2026, 4, 10, 15, 0, 0);
let server: TestServer;
let token: string;

const TABLES = ['products', 'product_prices', 'stock_changes', 'orders', 'order_lines', 'season_rollovers'];

function tables(): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = server.shop.database.sqlite.prepare(`select * from ${table} order by 1`).all();
  }
  return out;
}

interface AdminProduct {
  productId: number;
  name: string;
  productStatus: number;
  version: number;
  description: string;
  prices: {
    productPriceId: number;
    startQuantity: number;
    endQuantity: number | null;
    price: number;
    priceCents: number;
  }[];
  calculatedStock: number | null;
  isStockTracked: boolean;
}

async function products(): Promise<Map<number, AdminProduct>> {
  const r = await rest<AdminProduct[]>(
    server.url,
    'GET',
    '/api/v1/Products/GetAllProductsWithStats?includeSpecialOrderProducts=true',
    { token },
  );
  expect(r.status).toBe(200);
  return new Map(r.body.data.map((p) => [p.productId, p]));
}

const OPTIONS = { raisePercent: 3.5, statuses: { '3': 2, '6': 1 }, stock: 'keep' as const };

function preview(options: unknown = OPTIONS) {
  return rest<RolloverPreview>(server.url, 'POST', '/api/v1/Seasons/Rollover/Preview', {
    token,
    body: options,
  });
}

function start(body: unknown) {
  return rest<RolloverResult>(server.url, 'POST', '/api/v1/Seasons/Rollover', { token, body });
}

beforeAll(async () => {
  ({ server, token } = await signedInShop(
    env,
    {
      now: () => {
        clock += 1000;
        return new Date(clock);
      },
    },
    { email: STAFF, name: 'Olive Owner' },
  ));
});

afterAll(async () => server?.stop());

describe('starting a new season', () => {
  it('is refused without a staff token', async () => {
    for (const [method, p] of [
      ['GET', '/api/v1/Seasons/Rollover'],
      ['POST', '/api/v1/Seasons/Rollover/Preview'],
      ['POST', '/api/v1/Seasons/Rollover'],
      ['GET', '/api/v1/Seasons/Rollover/Backup?rolloverId=1'],
    ] as const) {
      const r = await rest(server.url, method, p, method === 'POST' ? { body: OPTIONS } : {});
      expect(r.status, p).toBe(401);
    }
  });

  it('names the current and the next season', async () => {
    const r = await rest<RolloverStatus>(server.url, 'GET', '/api/v1/Seasons/Rollover', { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      currentSeason: 2025,
      currentSeasonLabel: '2025-26',
      nextSeason: 2026,
      nextSeasonLabel: '2026-27',
      refusal: null,
      last: null,
    });
  });

  it('refuses options a person can put right, with a 400', async () => {
    const bad = [
      [{ ...OPTIONS, raisePercent: -1 }, 'The price raise cannot be negative; enter 0 to keep prices.'],
      [{ ...OPTIONS, raisePercent: 2.125 }, 'The price raise can have at most two decimals, such as 2.75.'],
      [{ ...OPTIONS, raisePercent: 'ten' }, 'The price raise must be a number of percent, such as 3 or 2.5.'],
      [{ ...OPTIONS, stock: 'zero' }, 'Stock must be keep or reset.'],
      [{ ...OPTIONS, statuses: { '2': 4 } }, 'A status must be one of 1, 2, 3, 5, 6, 7.'],
    ] as const;
    for (const [options, message] of bad) {
      const r = await preview(options);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toContain(message);
    }
  });

  it('previews without writing anything, with prices rounded to the cent', async () => {
    const before = tables();
    const r = await preview();
    expect(r.status).toBe(200);
    expect(tables()).toEqual(before);
    const p = r.body.data;
    expect(p).toMatchObject({ fromSeason: 2025, toSeason: 2026, toSeasonLabel: '2026-27' });
    const catalogue = await products();
    expect(p.lines.length).toBe(catalogue.size);
    expect(p.counts.products).toBe(catalogue.size);
    for (const line of p.lines) {
      const product = catalogue.get(line.productId);
      expect(product).toBeDefined();
      const expected = line.statusBefore === 3 ? 2 : line.statusBefore === 6 ? 1 : line.statusBefore;
      if (!line.note) expect(line.statusAfter).toBe(expected);
      line.tiers.forEach((t, i) => {
        const cents = product?.prices[i]?.priceCents ?? -1;
        expect(Math.round(t.priceBefore * 100)).toBe(cents);
        expect(Math.round(t.priceAfter * 100)).toBe(line.carried ? raisedPriceCents(cents, 350) : cents);
      });
      expect(line.stockBefore).toBe(product?.calculatedStock ?? null);
      expect(line.stockAfter).toBe(
        product?.calculatedStock == null ? null : Math.max(0, product.calculatedStock),
      );
    }
    // The demo catalogue has counted stock, sold-out and call-for-availability products.
    expect(p.counts.stockCarried).toBeGreaterThan(0);
    expect(p.counts.statusChanged).toBeGreaterThan(0);
    expect(p.counts.notCarried).toBeGreaterThan(0);
  });

  it('refuses to start from a preview the catalogue has moved past, changing nothing', async () => {
    const p = (await preview()).body.data;
    const catalogue = await products();
    const one = [...catalogue.values()].find((x) => x.productStatus === 2 && x.prices.length > 0);
    if (!one) throw new Error('The demo catalogue has no Active product.');
    const saved = await rest(server.url, 'POST', '/api/v1/Products/SaveProduct', {
      token,
      body: { ...one, description: `${one.description} (edited)` },
    });
    expect(saved.status).toBe(200);
    const before = tables();
    const r = await start({ options: OPTIONS, token: p.token });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('changed since this preview');
    expect(tables()).toEqual(before);
    // Other options than the previewed ones are refused the same way.
    const fresh = (await preview()).body.data;
    const other = await start({ options: { ...OPTIONS, raisePercent: 10 }, token: fresh.token });
    expect(other.status).toBe(409);
    expect(tables()).toEqual(before);
  });

  let before: Record<string, unknown[]>;
  let result: RolloverResult;
  let previewed: RolloverPreview;

  it('writes exactly what the preview showed, records it, and makes the new season current', async () => {
    previewed = (await preview()).body.data;
    before = tables();
    const r = await start({ options: OPTIONS, token: previewed.token });
    expect(r.status).toBe(200);
    result = r.body.data;
    expect(result.record).toMatchObject({
      fromSeason: 2025,
      toSeason: 2026,
      createdBy: 'Olive Owner',
      options: OPTIONS,
      counts: previewed.counts,
    });
    expect(result.record.backupFile).toMatch(/^before-season-2026-27-.*\.zip$/);
    expect(result.message).toContain(result.record.backupFile);

    // Now in 2026-27: the admin list's stock is the new season's.
    const after = await products();
    for (const line of previewed.lines) {
      const product = after.get(line.productId);
      expect(product?.productStatus, line.name).toBe(line.statusAfter);
      expect(product?.prices.map((t) => t.price)).toEqual(line.tiers.map((t) => t.priceAfter));
      expect(product?.isStockTracked).toBe(line.stockAfter !== null);
      if (line.stockAfter !== null) expect(product?.calculatedStock).toBe(line.stockAfter);
    }
    // Nothing is deleted: every product, price and order is still there.
    const now = tables();
    expect(now.products?.length).toBe(before.products?.length);
    expect(now.product_prices?.length).toBe(before.product_prices?.length);
    expect(now.orders).toEqual(before.orders);

    // The orders screen's season list defaults to the new season.
    const seasons = await fetch(`${server.url}/trpc/orders.seasons`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(seasons.status).toBe(200);
    const choices = (
      (await seasons.json()) as { result: { data: { currentSeason: number; seasons: { value: number }[] } } }
    ).result.data;
    expect(choices.currentSeason).toBe(2026);
    expect(choices.seasons[0]?.value).toBe(2026);
    const status = await rest<RolloverStatus>(server.url, 'GET', '/api/v1/Seasons/Rollover', { token });
    expect(status.body.data.currentSeason).toBe(2026);
    expect(status.body.data.last?.rolloverId).toBe(result.record.rolloverId);
    // One season ahead of the calendar at most.
    expect(status.body.data.refusal).toContain('already started ahead of the calendar');
    const again = await preview();
    expect(again.status).toBe(400);
  });

  it('is undone by restoring the automatic backup it took first', async () => {
    // Downloaded through the shop, as staff on another machine would, then restored.
    const missing = await fetch(`${server.url}/api/v1/Seasons/Rollover/Backup?rolloverId=999`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.status).toBe(404);
    const download = await fetch(
      `${server.url}/api/v1/Seasons/Rollover/Backup?rolloverId=${result.record.rolloverId}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(result.record.backupFile);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(readFileSync(path.join(server.dataDir, 'backups', result.record.backupFile)))).toBe(
      true,
    );
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/zip' }), result.record.backupFile);
    const response = await fetch(`${server.url}/api/v1/RestoreAuth`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(tables()).toEqual(before);
    const status = await rest<RolloverStatus>(server.url, 'GET', '/api/v1/Seasons/Rollover', { token });
    expect(status.body.data).toMatchObject({ currentSeason: 2025, refusal: null, last: null });
  });
});
