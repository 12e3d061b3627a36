import {
  STOCK_CHANGE_NOT_WHOLE,
  STOCK_CHANGE_TOO_LARGE,
  stockChangeProblem,
  stockChangeWarnings,
  waitlistRestockHint,
} from '@nursery/domain';
import { describe, expect, it } from 'vitest';
import { savableChanges, stepped, stockChangeOf, withPending } from './stockInput';

describe('stock change input rules', () => {
  it('reads whole numbers only', () => {
    expect(stockChangeOf('12')).toBe(12);
    expect(stockChangeOf(' -3 ')).toBe(-3);
    expect(stockChangeOf('+4')).toBe(4);
    expect(stockChangeOf('1.5')).toBeNull();
    expect(stockChangeOf('ten')).toBeNull();
    expect(stockChangeOf(undefined)).toBeNull();
  });
  it('keeps a number above 1,000,000 as typed but does not take it, and says why', () => {
    expect(stockChangeOf('1000000')).toBe(1_000_000);
    expect(stockChangeOf('-1000000')).toBe(-1_000_000);
    for (const text of ['1000001', '-1000001']) {
      expect(stockChangeOf(text)).toBeNull();
      expect(stockChangeProblem(text)).toBe(STOCK_CHANGE_TOO_LARGE);
      expect(withPending({}, 7, text)).toEqual({ 7: text });
      expect(savableChanges({ 7: text })).toEqual([]);
    }
    expect(STOCK_CHANGE_TOO_LARGE).toBe('A change in stock can be at most 1,000,000.');
    expect(stockChangeProblem('abc')).toBe(STOCK_CHANGE_NOT_WHOLE);
    expect(stockChangeProblem('12')).toBeNull();
    expect(stockChangeProblem('')).toBeNull();
  });
  it('warns in words when a change takes stock below zero or turns an orderable product Sold Out', () => {
    const oak = { name: 'Red Oak', productStatus: 2, currentStock: 5, numSold: 2 };
    expect(stockChangeWarnings(oak, 10)).toEqual([]);
    expect(stockChangeWarnings(oak, -2)).toEqual([]);
    expect(stockChangeWarnings(oak, -3)).toEqual([
      "Saving this marks Red Oak Sold Out: nothing is left after this season's orders.",
    ]);
    expect(stockChangeWarnings(oak, -8)).toEqual([
      'This takes the stock of Red Oak below zero, to -3: there are only 5 counted. Check the number before saving.',
      "Saving this marks Red Oak Sold Out: nothing is left after this season's orders.",
    ]);
    // Not orderable online (Call for Availability): nothing to mark Sold Out, the count is still checked.
    expect(stockChangeWarnings({ ...oak, productStatus: 6 }, -8)).toHaveLength(1);
    // A restock that still leaves nothing after this season's orders turns it Sold Out all the same.
    expect(stockChangeWarnings({ ...oak, currentStock: 0, numSold: 9 }, 4)).toHaveLength(1);
  });
  it('says a restocked Sold Out product reaches its waitlist only once it is Active', () => {
    const fern = { name: 'Ostrich Fern', productStatus: 3, currentStock: 0, numSold: 2 };
    expect(waitlistRestockHint(fern, 10, 2)).toBe(
      '2 customers on the waitlist are e-mailed that Ostrich Fern is back only once it is Active: set its status to Active when the stock is in.',
    );
    expect(waitlistRestockHint({ ...fern, productStatus: 6 }, 10, 1)).toMatch(
      /^1 customer on the waitlist is /,
    );
    // Nobody waits, nothing left after this season's orders, or saving tells them already (Active): no hint.
    expect(waitlistRestockHint(fern, 10, 0)).toBeNull();
    expect(waitlistRestockHint(fern, 2, 2)).toBeNull();
    expect(waitlistRestockHint({ ...fern, productStatus: 2 }, 10, 2)).toBeNull();
    // Stock already in (saved earlier) and still Sold Out: the hint stays until the status is set.
    expect(waitlistRestockHint({ ...fern, currentStock: 12 }, 0, 2)).not.toBeNull();
  });
  it('clears a change of 0 or nothing, and steps by one', () => {
    let p = withPending({}, 7, '5');
    expect(p).toEqual({ 7: '5' });
    p = withPending(p, 7, '0');
    expect(p).toEqual({});
    p = stepped(p, 7, -1);
    expect(p).toEqual({ 7: '-1' });
    p = stepped(p, 7, 1);
    expect(p).toEqual({});
    expect(stepped({ 3: 'x' }, 3, 1)).toEqual({ 3: '1' });
  });
  it('saves only numeric changes', () => {
    expect(savableChanges({ 1: '4', 2: 'abc', 3: '-2' })).toEqual([
      { productId: 1, changeInStock: 4 },
      { productId: 3, changeInStock: -2 },
    ]);
  });
});
