import { z } from 'zod';
import { PagedList } from './pagedList.ts';
import { RawJson } from './rawJson.ts';

/**
 * Answers declared with `typedAnswer` or `cachedAnswer`, by the parser handed to `.output()`, so the
 * OpenAPI document can describe them like the answers tRPC checks.
 */
const declared = new WeakMap<object, z.ZodType>();

/**
 * An answer typed and published but not checked at run time. `.output(schema)` parses and copies every
 * answer; that is worth it for one order or one product, not for lists that grow with the shop (every
 * order of a season, every product) nor for the order submit on the hot path. The resolver is still held
 * to the schema's type at compile time, and the single-row answers of the same shapes are checked.
 */
export function typedAnswer<S extends z.ZodType>(schema: S): (value: unknown) => z.output<S> {
  const parse = (value: unknown) => value as z.output<S>;
  declared.set(parse, schema);
  return parse;
}

/**
 * A list serialized once and kept (RawJson), or a large staff answer read for one request in pieces (FreshJson):
 * typed and published as its items, never parsed on the server's thread.
 */
export function cachedAnswer<S extends z.ZodType>(schema: S): (value: unknown) => RawJson<z.output<S>> {
  const parse = (value: unknown) => {
    // Only the wrapper is checked: the cache must hold a RawJson, or the REST adapter would re-serialize.
    if (!(value instanceof RawJson)) throw new TypeError('A cached answer must be a RawJson.');
    return value as RawJson<z.output<S>>;
  };
  declared.set(parse, schema);
  return parse;
}

/**
 * A list read in pages (PagedList): the REST adapter pages it with a Link header or writes it out as it is read,
 * and so does the server's tRPC fast path for a single call (apps/server cachedProcedures.ts); tRPC itself sends
 * the page or every row (its toJSON) in a batch of several calls. Published as an array of the item schema.
 */
export function pagedAnswer<S extends z.ZodType>(item: S): (value: unknown) => PagedList<z.output<S>> {
  const parse = (value: unknown) => {
    if (!(value instanceof PagedList)) throw new TypeError('A paged answer must be a PagedList.');
    return value as PagedList<z.output<S>>;
  };
  declared.set(parse, z.array(item));
  return parse;
}

/** The schema of what a procedure answers, whether tRPC checks it or not; undefined when none is declared. */
export function answerSchemaOf(output: unknown): z.ZodType | undefined {
  if (output instanceof z.ZodType) return output;
  return typeof output === 'function' ? declared.get(output) : undefined;
}
