import { NEW_SEASON_UNDER_WAY } from '@nursery/api';
import type { RolloverPreview, RolloverResult } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCopier } from '../bench/catalogue.ts';
import { rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';

const STAFF = 'owner@example.com';
// May 2026: the 2025-26 season by the calendar, its selling over.
let clock = Date.UTC(2026, 4, 10, 15, 0, 0);
let server: TestServer;
let token: string;
const GROWN = 3_000;
const OPTIONS = { raisePercent: 10, statuses: {}, stock: 'keep' as const };

beforeAll(async () => {
  server = await startTestServer(
    { STAFF_EMAILS: STAFF },
    {
      now: () => {
        clock += 1000;
        return new Date(clock);
      },
    },
  );
  token = await staffToken(server, { email: STAFF, name: 'Olive Owner' });
  // A large catalogue: copies of one demo product with its price tiers, so the new season writes thousands of rows.
  const sqlite = server.shop.database.sqlite;
  const model = sqlite
    .prepare(
      'select product_id from products where deleted_at is null and product_id in (select product_id from product_prices where price_cents > 0) limit 1',
    )
    .pluck()
    .get() as number;
  const copy = productCopier(sqlite);
  sqlite.transaction(() => {
    for (let i = 0; i < GROWN; i += 1) copy(model, `no. ${i + 2}`);
  })();
  server.shop.catalogCache.invalidate();
});

afterAll(async () => {
  await server?.stop();
});

describe('starting a new season in a large catalogue', () => {
  it('holds other changes while it writes, answers them in between, and lets them through once it committed', async () => {
    const preview = await rest<RolloverPreview>(server.url, 'POST', '/api/v1/Seasons/Rollover/Preview', {
      token,
      body: OPTIONS,
    });
    expect(preview.status, preview.body.message).toBe(200);
    const pricesBefore = server.shop.database.sqlite
      .prepare('select sum(price_cents) from product_prices')
      .pluck()
      .get() as number;
    const setting = () =>
      rest(server.url, 'PUT', '/api/v1/Settings/SetOrdersClosed?isOpen=true', { token }).then((r) => ({
        status: r.status,
        message: r.body.message,
      }));

    let starting = true;
    const start = rest<RolloverResult>(server.url, 'POST', '/api/v1/Seasons/Rollover', {
      token,
      body: { options: OPTIONS, token: preview.body.data.token },
    }).finally(() => {
      starting = false;
    });
    const answers: { status: number; message: string }[] = [];
    // Each change is answered while the new season is written: the server's thread is not held throughout.
    while (starting) answers.push(await setting());
    const started = await start;
    expect(started.status, started.body.message).toBe(200);

    const held = answers.filter((a) => a.status === 503);
    expect(held.length).toBeGreaterThan(0);
    expect(held[0]?.message).toBe(NEW_SEASON_UNDER_WAY);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect((await setting()).status).toBe(200);
    // Every piece of the one transaction landed: each price rose by about a tenth.
    const pricesAfter = server.shop.database.sqlite
      .prepare('select sum(price_cents) from product_prices')
      .pluck()
      .get() as number;
    expect(pricesAfter / pricesBefore).toBeGreaterThan(1.09);
    expect(pricesAfter / pricesBefore).toBeLessThan(1.11);
  }, 60_000);
});
