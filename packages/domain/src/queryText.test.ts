import { describe, expect, it } from 'vitest';
import {
  orderFlagsSchema,
  orderIdInputSchema,
  orderSeasonInputSchema,
  productsToShowSchema,
} from './index.ts';
import { isWholeButTooLarge, queryFlag, wholeNumberOf } from './queryText.ts';

describe('reading query-string text', () => {
  it('takes decimal digits only, so a typo never names another row', () => {
    expect(wholeNumberOf('29')).toBe(29);
    expect(wholeNumberOf(29)).toBe(29);
    for (const text of ['0x1d', '1e2', '', ' ', '2.5', '-3', '12abc']) {
      expect(wholeNumberOf(text), text).toBeNaN();
    }
    expect(wholeNumberOf('-3', { negative: true })).toBe(-3);
    expect(wholeNumberOf(2.5)).toBeNaN();
    expect(wholeNumberOf(2 ** 60)).toBeNaN();
  });

  it('reads no whole number past 2^53 - 1 inexactly, and says such an id is too large, not "not whole"', () => {
    // '12345678901234567890' was read as 12345678901234567000, and an order of that number was looked for.
    expect(wholeNumberOf('12345678901234567890')).toBeNaN();
    expect(wholeNumberOf(String(2 ** 53 - 1))).toBe(2 ** 53 - 1);
    for (const value of [
      '12345678901234567890',
      ' 12345678901234567890 ',
      Number('12345678901234567890'),
      2 ** 53,
    ])
      expect(isWholeButTooLarge(value), `${value}`).toBe(true);
    for (const value of ['12abc', '2.5', 2.5, 2 ** 53 - 1, '0x1d', Number.NaN, Number.POSITIVE_INFINITY])
      expect(isWholeButTooLarge(value), `${value}`).toBe(false);
    for (const orderId of ['12345678901234567890', Number('12345678901234567890')]) {
      expect(orderIdInputSchema.safeParse({ orderId }).error?.issues[0]?.message).toBe(
        'The order id is larger than any the shop has.',
      );
    }
    expect(orderIdInputSchema.safeParse({ orderId: '12abc' }).error?.issues[0]?.message).toBe(
      'The order id must be a positive whole number.',
    );
  });

  it('reads a yes/no the same way in every schema', () => {
    const flag = queryFlag('x must be true or false.');
    for (const yes of [true, 'true', 'True', '1']) expect(flag.parse(yes)).toBe(true);
    for (const no of [false, 'false', 'False', '0']) expect(flag.parse(no)).toBe(false);
    expect(flag.safeParse('yes').error?.issues[0]?.message).toBe('x must be true or false.');
    // The product list's ignoreCache reads like every other flag now, not only 'true' and 'false'.
    expect(productsToShowSchema.parse({ ignoreCache: '1' })).toEqual({ ignoreCache: true });
    expect(orderFlagsSchema.parse({ orderId: '7', isTaxExempt: 'True' })).toEqual({
      orderId: 7,
      isTaxExempt: true,
    });
  });

  it('reads a season as digits only', () => {
    expect(orderSeasonInputSchema.parse({ season: '2024' })).toEqual({ season: 2024 });
    expect(orderSeasonInputSchema.safeParse({ season: '0x7e8' }).success).toBe(false);
  });
});
