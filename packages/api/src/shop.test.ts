import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './shop.ts';

/** An answer that lists which products were read, and its update, which reads the changed ones again. */
const build = (ids: number[]) => () => ids.map((id) => `product ${id}`);
const update = (previous: string[], changed: ReadonlySet<number>) => [
  ...previous,
  ...[...changed].map((id) => `product ${id} read again`),
];

/** Starts remaking 'list' as `made`, held until `finish` is called, as a remake reading across turns is. */
function heldRemake(cache: AnswerCache, made: string[]) {
  let finish = () => {};
  const remade = cache.remake(
    'list',
    () =>
      new Promise<string[]>((resolve) => {
        finish = () => resolve(made);
      }),
    update,
  );
  return { remade, finish: () => finish() };
}

describe('an answer made anew across turns (AnswerCache.remake)', () => {
  it('serves the kept answers until it is made, then keeps it alone', async () => {
    const cache = new AnswerCache();
    const kept = cache.get('list', build([1]), update);
    const other = cache.get('sitemap', () => 'pages');
    const { remade, finish } = heldRemake(cache, ['product 1', 'product 2']);
    await nextTurn();
    expect(cache.get('list', build([9]), update)).toBe(kept);
    expect(cache.get('sitemap', () => 'new pages')).toBe(other);
    finish();
    await remade;
    expect(cache.get('list', build([9]), update).value).toEqual(['product 1', 'product 2']);
    expect(cache.get('sitemap', () => 'new pages').value).toBe('new pages');
  });

  it('reads again on its next read the products orders changed while it was made', async () => {
    const cache = new AnswerCache();
    const { remade, finish } = heldRemake(cache, ['product 1']);
    cache.productsChanged([1]);
    finish();
    await remade;
    expect(cache.get('list', build([9]), update).value).toEqual(['product 1', 'product 1 read again']);
  });

  it('keeps nothing when everything changed again while it was made, nor when its reads failed', async () => {
    const cache = new AnswerCache();
    cache.get('list', build([1]), update);
    const { remade, finish } = heldRemake(cache, ['made before the change']);
    cache.invalidate();
    finish();
    await remade;
    expect(cache.get('list', build([3]), update).value).toEqual(['product 3']);
    await expect(cache.remake('list', () => Promise.reject(new Error('disk gone')), update)).rejects.toThrow(
      'disk gone',
    );
    expect(cache.get('list', build([4]), update).value).toEqual(['product 4']);
  });
});
