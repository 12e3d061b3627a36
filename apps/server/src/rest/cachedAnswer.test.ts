import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RawJson } from '@nursery/api';
import { describe, expect, it } from 'vitest';
import {
  type CachedForm,
  COMPRESSED_OFF_THE_THREAD_BYTES,
  cachedJsonAnswer,
  type ReadyAnswer,
} from './cachedAnswer.ts';

const FORM: CachedForm = {
  head: '{"success":true,"message":"","data":',
  tail: '}',
  contentType: 'application/json; charset=utf-8',
};

/** A product list of about `bytes` of JSON. */
function listOf(bytes: number, name = 'Seedling'): RawJson<{ productId: number; name: string }[]> {
  const products = Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => ({
    productId: i + 1,
    name: `${name} ${i + 1}`,
  }));
  return new RawJson(products);
}

const textOf = (answer: ReadyAnswer) => {
  const body = answer.body ?? Buffer.alloc(0);
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
};

describe('a cached answer in each encoding', () => {
  it('compresses a small answer at once, on the thread that asks', () => {
    const list = listOf(10_000);
    const answer = cachedJsonAnswer(list, FORM, 'br');
    expect(answer).not.toBeInstanceOf(Promise);
    expect(textOf(answer as ReadyAnswer)).toBe(`${FORM.head}${list.json}${FORM.tail}`);
  });

  it('compresses a large one off the thread, once for every request that comes meanwhile, then answers at once', async () => {
    const list = listOf(2 * COMPRESSED_OFF_THE_THREAD_BYTES);
    const text = `${FORM.head}${list.json}${FORM.tail}`;
    for (const encoding of ['br', 'gzip'] as const) {
      const first = cachedJsonAnswer(list, FORM, encoding);
      expect(first).toBeInstanceOf(Promise);
      expect(cachedJsonAnswer(list, FORM, encoding)).toBe(first);
      const ready = await first;
      expect(ready.headers['content-encoding']).toBe(encoding);
      expect(textOf(ready)).toBe(text);
      expect(cachedJsonAnswer(list, FORM, encoding)).toBe(ready);
    }
    // Nothing to compress: the bytes at once.
    const plain = cachedJsonAnswer(list, FORM, 'identity');
    expect(plain).not.toBeInstanceOf(Promise);
    expect(textOf(plain as ReadyAnswer)).toBe(text);
  });

  it('never answers a changed list with the bytes of the one before, even while those are being made', async () => {
    const before = listOf(2 * COMPRESSED_OFF_THE_THREAD_BYTES, 'Before');
    const making = cachedJsonAnswer(before, FORM, 'br');
    const after = listOf(2 * COMPRESSED_OFF_THE_THREAD_BYTES, 'After');
    const changed = await cachedJsonAnswer(after, FORM, 'br');
    expect(textOf(changed)).toBe(`${FORM.head}${after.json}${FORM.tail}`);
    expect(textOf(await making)).toBe(`${FORM.head}${before.json}${FORM.tail}`);
  });
});
