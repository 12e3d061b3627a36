// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ProductChoice } from '../shared/orders/types';
import { type LineDraft, lineUnitCents } from './orderDraft';

/**
 * The editor shows the unit price the server's save will keep: both ask orderLineUnitPriceCents
 * (packages/domain/src/pricing.ts); apps/server/test/orders-admin.test.ts holds the server to the same cases.
 */
const product = {
  productId: 1,
  prices: [
    {
      productPriceId: 1,
      startQuantity: 1,
      endQuantity: 9,
      price: 12,
      priceCents: 1200,
      displayPrice: '$12.00',
    },
    {
      productPriceId: 2,
      startQuantity: 10,
      endQuantity: null,
      price: 10,
      priceCents: 1000,
      displayPrice: '$10.00',
    },
  ],
} as unknown as ProductChoice;

const line = (quantity: string, extra: Partial<LineDraft> = {}): LineDraft => ({
  key: 'k',
  productId: 1,
  quantity,
  isStatic: false,
  price: '',
  sold: { quantity: 3, unitPriceCents: 1500, isStatic: false },
  ...extra,
});

describe('the unit price the order editor shows', () => {
  it('keeps the price a line was sold at while its quantity stays, however it is typed', () => {
    expect(lineUnitCents(line('3'), product)).toBe(1500);
    // The server reads 03 as 3 and keeps the sold price; the editor used to compare the text and show $12.00.
    expect(lineUnitCents(line('03'), product)).toBe(1500);
  });
  it('prices a changed quantity or a new line from the tiers, and a manual line as typed', () => {
    expect(lineUnitCents(line('4'), product)).toBe(1200);
    const { sold: _sold, ...newLine } = line('12');
    expect(lineUnitCents(newLine, product)).toBe(1000);
    expect(lineUnitCents(line('3', { isStatic: true, price: '7.50' }), product)).toBe(750);
  });
});
