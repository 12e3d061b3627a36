import { seasonBounds, seasonOf } from '@nursery/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestShop } from '../testing/testShop.ts';
import { currentSeason } from './levels.ts';

describe('currentSeason', () => {
  // Kathmandu (+05:45) and Chatham (+12:45/+13:45) have midnights at odd quarter hours: still whole minutes.
  for (const zone of ['America/Chicago', 'Asia/Kathmandu', 'Pacific/Chatham']) {
    let clock = new Date('2026-01-01T00:00:00Z');
    const t = openTestShop({ demo: false, env: { SHOP_TIME_ZONE: zone }, now: () => clock });
    afterAll(() => t.close());

    it(`agrees with the calendar second by second across a season's first midnight in ${zone}`, () => {
      const { start } = seasonBounds(2026, zone, t.shop.config.seasonStartMonth);
      for (let s = -150; s <= 150; s += 7) {
        clock = new Date(start.getTime() + s * 1000);
        expect(currentSeason(t.shop)).toBe(seasonOf(clock, zone, t.shop.config.seasonStartMonth));
      }
      clock = new Date(start.getTime() - 1);
      expect(currentSeason(t.shop)).toBe(2025);
      clock = start;
      expect(currentSeason(t.shop)).toBe(2026);
    });
  }
});
