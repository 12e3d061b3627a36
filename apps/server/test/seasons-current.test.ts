import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { signedInShop } from './support/shop.ts';

/** A program finds the current season over REST, rather than hard-coding a year. */
describe('Seasons/Current', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await signedInShop({}, { now: () => new Date('2026-03-14T15:00:00Z') }));
  });
  afterAll(async () => server?.stop());

  it("answers the calendar's season with its label and days, and GetAllOrdersForSeason takes its number", async () => {
    const current = await rest<{ season: number; label: string; firstDay: string; lastDay: string }>(
      server.url,
      'GET',
      '/api/v1/Seasons/Current',
      { token },
    );
    expect(current.status).toBe(200);
    expect(current.body.data).toEqual({
      season: 2025,
      label: '2025-26',
      firstDay: '2025-07-01',
      lastDay: '2026-06-30',
    });
    const orders = await rest<{ seasonPurchased?: number }[]>(
      server.url,
      'GET',
      `/api/v1/Orders/GetAllOrdersForSeason?season=${current.body.data.season}&limit=5`,
      { token },
    );
    expect(orders.status).toBe(200);
    expect(orders.body.data.length).toBeGreaterThan(0);
  });

  it('is for staff and integration clients only', async () => {
    expect((await rest(server.url, 'GET', '/api/v1/Seasons/Current')).status).toBe(401);
  });
});
