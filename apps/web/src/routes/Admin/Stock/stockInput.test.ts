import { describe, expect, it } from 'vitest';
import { acceptsTyped, savableChanges, stepped, stockChangeOf, withPending } from './stockInput';

describe('stock change input rules', () => {
  it('reads whole numbers only', () => {
    expect(stockChangeOf('12')).toBe(12);
    expect(stockChangeOf(' -3 ')).toBe(-3);
    expect(stockChangeOf('+4')).toBe(4);
    expect(stockChangeOf('1.5')).toBeNull();
    expect(stockChangeOf('ten')).toBeNull();
    expect(stockChangeOf(undefined)).toBeNull();
  });
  it('ignores numbers above 1,000,000 but keeps other text as typed', () => {
    expect(acceptsTyped('1000000')).toBe(true);
    expect(acceptsTyped('1000001')).toBe(false);
    expect(acceptsTyped('-1000001')).toBe(false);
    expect(acceptsTyped('abc')).toBe(true);
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
