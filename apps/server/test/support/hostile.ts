import fc from 'fast-check';

/**
 * Values an attacker, a broken client or a confused customer might send: injection strings, odd unicode,
 * numbers at the edges, wrong types, missing and extra fields, huge inputs, broken encodings.
 */

export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '1; DELETE FROM products',
  "Robert'); DROP TABLE contacts;--",
  '" OR ""="',
  '1 UNION SELECT * FROM staff_accounts',
  "' || (select password_hash from staff_accounts) || '",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, meant literally
  '${process.exit(1)}',
  '%s%s%s%s%n',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/dev/zero',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:9/photo.jpg',
  'https://live.staticflickr.com/65535/../../x.jpg',
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\u202Eevil\u202C',
  '\u200B\u200B',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '𝕯𝖔𝖚𝖌',
  '🌱🌳🌲',
  'Ünïcödé ñame',
  'ﷺ',
  '١٢٣',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '9007199254740993',
  '0x10',
  '0b11',
  '1.5',
  ' 1 ',
  '1,000',
  '$12.50',
  '12.505',
  '2024-02-30',
  'a@b',
  'user@example.com',
  'user@example.com, other@example.com; third@',
  '%PDF-1.7',
];

/** A long string of one of a few kinds, up to a size that still passes the 1 MB body limit in JSON. */
const hugeString = fc
  .tuple(fc.constantFrom('x', '<b>', "'; --", '🌱', '\\'), fc.integer({ min: 300, max: 60_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: hugeString },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 200 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1,
      2,
      3,
      4,
      7,
      8,
      1.5,
      0.1,
      -0.5,
      2016,
      2024,
      2025,
      99999,
      100000,
      100001,
      2 ** 31,
      2 ** 32,
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53),
      1e21,
      1e308,
      5e-324,
      Number.MAX_VALUE,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    '',
    ' ',
    'id',
    'ID',
    '$where',
  ),
  fc.string({ maxLength: 12 }),
);

export const hostileLeaf: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant<Json>([]) },
  { weight: 1, arbitrary: fc.constant<Json>({}) },
);

/** Any JSON at all, nested a little, with hostile leaves and keys. */
export const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileLeaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }) as fc.Arbitrary<
        Record<string, Json>
      >,
    },
  ),
})).value;

/** The JSON Schema zod writes for a procedure's input, as far as the fuzzer reads it. */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

function typedValue(type: string, node: SchemaNode, depth: number): fc.Arbitrary<Json> {
  switch (type) {
    case 'object':
      return objectFor(node, depth);
    case 'array': {
      const item = node.items ? valueFor(node.items, depth + 1) : hostileJson;
      return fc.oneof(
        { weight: 6, arbitrary: fc.array(item, { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constant<Json>([]) },
        // Longer than any limit a list should have (one item repeated: cheap to make, as long to check).
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              item.filter((one) => (JSON.stringify(one)?.length ?? 0) < 500),
              fc.integer({ min: 501, max: 1200 }),
            )
            .map(([one, length]) => Array.from({ length }, () => one)),
        },
      );
    }
    case 'string':
      return fc.oneof(
        { weight: 4, arbitrary: hostileString },
        // Just past the schema's own limit, where an off-by-one would hide.
        {
          weight: node.maxLength ? 1 : 0,
          arbitrary: fc
            .constantFrom(node.maxLength ?? 0, (node.maxLength ?? 0) + 1)
            .map((n) => 'w'.repeat(n)),
        },
        { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
      );
    case 'integer':
    case 'number':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileJson;
  }
}

function objectFor(node: SchemaNode, depth: number): fc.Arbitrary<Json> {
  const properties = node.properties ?? {};
  const model: Record<string, fc.Arbitrary<Json>> = {};
  for (const [name, child] of Object.entries(properties)) model[name] = valueFor(child, depth + 1);
  const known = fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Record<string, Json>>;
  return fc
    .tuple(
      known,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(hostileKey, hostileLeaf, { maxKeys: 3 }) },
      ),
    )
    .map(([fields, extra]) => ({ ...extra, ...fields }));
}

/**
 * A value shaped like the schema most of the time, so the checks behind the first one are reached too,
 * and of a wrong type now and then at every level.
 */
export function valueFor(node: SchemaNode, depth = 0): fc.Arbitrary<Json> {
  if (depth > 6) return hostileLeaf;
  const shaped: fc.Arbitrary<Json>[] = [];
  if (node.enum) shaped.push(fc.constantFrom(...(node.enum as Json[])));
  if (node.const !== undefined) shaped.push(fc.constant(node.const as Json));
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) shaped.push(valueFor(branch, depth));
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  for (const type of types) shaped.push(typedValue(type, node, depth));
  if (shaped.length === 0) shaped.push(node.properties ? objectFor(node, depth) : hostileJson);
  return fc.oneof({ weight: 5, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: hostileLeaf });
}

/** A query-string value: what a value becomes as text, or something no encoder would produce. */
export function queryText(value: Json): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value))
    return value.flatMap((v) => (Array.isArray(v) ? [JSON.stringify(v)] : queryText(v)));
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/** Query strings no well-behaved client sends. */
export const ODD_QUERIES = [
  '?',
  '?&&&',
  '?=',
  '?=1',
  '?%',
  '?%ZZ=%ZZ',
  '?a=%E0%A4%A',
  '?productId[]=1',
  '?productId[a]=1',
  '?productId=1&productId=2',
  '?orderId=1&orderId=1&orderId=1',
  '?__proto__[isAdmin]=true',
  '?constructor[prototype][x]=1',
  '?input=%7B',
  '?productId=%00',
  '?productId=1%00',
  '?productId=+1+',
  '?season=-1',
  '?season=99999999999999999999',
  `?x=${'a'.repeat(6000)}`,
  `?${'k=v&'.repeat(1500)}`,
];

export type { Json };
