import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSchemaOf, cachedAnswer, typedAnswer } from './answers.ts';
import { RawJson } from './rawJson.ts';
import { appRouter } from './router.ts';

describe('procedure answers', () => {
  it('every procedure declares what it answers, so the OpenAPI document can describe it', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>;
    const missing = Object.entries(procedures)
      .filter(([, p]) => answerSchemaOf(p._def.output) === undefined)
      .map(([path]) => path);
    expect(Object.keys(procedures).length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('a typed answer passes the value through and still names its schema', () => {
    const schema = z.object({ a: z.number() });
    const parse = typedAnswer(schema);
    const value = { a: 1, extra: true };
    expect(parse(value)).toBe(value);
    expect(answerSchemaOf(parse)).toBe(schema);
  });

  it('a cached answer must be a RawJson, or the REST adapter would serialize the list again', () => {
    const schema = z.array(z.number());
    const parse = cachedAnswer(schema);
    const raw = new RawJson([1, 2]);
    expect(parse(raw)).toBe(raw);
    expect(() => parse([1, 2])).toThrow(/RawJson/);
    expect(answerSchemaOf(parse)).toBe(schema);
  });

  it('an answer made from its JSON text is sent as that text, and read as its value only when asked', () => {
    const text = '{"orderId":7,"order":{"total":22.42,"products":[{"productId":3}]}}';
    const answer = RawJson.fromJson<{ orderId: number; order: { total: number } }>(text);
    expect(answer).toBeInstanceOf(RawJson);
    expect(answer.json).toBe(text);
    expect(answer.value.order.total).toBe(22.42);
    expect(answer.value).toBe(answer.value);
    // tRPC's JSON.stringify reaches the value, and writes the same text again.
    expect(JSON.stringify({ result: answer })).toBe(`{"result":${text}}`);
    expect(new RawJson({ a: [1] }).value).toEqual({ a: [1] });
  });
});
