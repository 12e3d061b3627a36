import { describe, expect, it } from 'vitest';
import { cartZoneWarning } from './zoneNote';

describe("the cart's zone warning", () => {
  it('speaks of one plant as "it", by name', () => {
    expect(cartZoneWarning(['Pawpaw'], '4a')).toBe(
      'Pawpaw is not rated for your hardiness zone (4a). It may not survive where you plant it; you can still order it.',
    );
  });

  it('speaks of several plants as "they", naming each', () => {
    expect(cartZoneWarning(['Pawpaw', 'Persimmon'], '4a')).toBe(
      '2 plants in your cart are not rated for your hardiness zone (4a): Pawpaw, Persimmon. They may not survive where you plant them; you can still order them.',
    );
  });
});
