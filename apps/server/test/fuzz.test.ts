import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRouter, type RestRoute, restRoutes } from '@nursery/api';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ChildServer, childStaffToken, spawnServer } from './support/childServer.ts';
import { changedTables, databaseFingerprint } from './support/fingerprint.ts';
import {
  hostileJson,
  hostileString,
  type Json,
  ODD_QUERIES,
  queryText,
  type SchemaNode,
  valueFor,
} from './support/hostile.ts';

/**
 * Hostile input against every REST path of the route table and every tRPC procedure of the router, read
 * from the code at run time so a path added later is fuzzed without a change here. Public and staff-only
 * calls get a genuine staff token most of the time, so the input checks behind the sign-in are reached.
 *
 * What must hold: no answer is a 5xx or leaks internals, the server keeps answering, and a batch in which
 * every call that could change data was refused leaves every table exactly as it was. A call that succeeds
 * must have sent input its zod schema accepts.
 *
 * FUZZ_SEED and FUZZ_REQUESTS repeat or lengthen a run, FUZZ_BATCH repeats one batch; a failure prints
 * the seed, the batch and the request.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_412);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const BATCH = 24;
/** FUZZ_BATCH=n sends only the n-th batch of the seed again, to look at a failure closely. */
const ONLY_BATCH = process.env.FUZZ_BATCH === undefined ? undefined : Number(process.env.FUZZ_BATCH);
const IN_FLIGHT = 16;
const TOUR = 3;

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
}
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

/**
 * How much of the run a target gets: the more fields its input has, the more there is to get wrong.
 * Calls without input have little to fuzz, and some of them (exports, backups) are heavy by nature.
 */
function weightOf(name: string): number {
  const schema = jsonSchemaOf(name);
  if (!schema) return 1;
  const fields = Object.keys(schema.properties ?? schema.items?.properties ?? {}).length;
  return Math.min(16, 4 + 2 * fields);
}

function inputSchemaOf(name: string): z.ZodType | undefined {
  const first = procedures[name]?._def.inputs[0];
  return first instanceof z.ZodType ? first : undefined;
}

function jsonSchemaOf(name: string): SchemaNode | undefined {
  const schema = inputSchemaOf(name);
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
  } catch {
    return {};
  }
}

type Auth = 'staff' | 'none' | 'garbage';

interface Probe {
  target: string;
  procedure: string;
  /** A call that may change data when it succeeds. */
  mutation: boolean;
  kind: 'rest' | 'rest-file' | 'trpc' | 'other';
  method: string;
  url: string;
  auth: Auth;
  garbageToken: string;
  forwardedFor: string | null;
  compressed: boolean;
  contentType: string | null;
  body?: string | Uint8Array;
  /** The exact input the procedure receives, when the fuzzer can know it. */
  input?: { value: unknown };
}

const authArb = fc.oneof(
  { weight: 7, arbitrary: fc.constant<Auth>('staff') },
  { weight: 2, arbitrary: fc.constant<Auth>('none') },
  { weight: 1, arbitrary: fc.constant<Auth>('garbage') },
);
const garbageTokenArb = fc.oneof(
  fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.e30.', 'x'.repeat(5000), '....', 'Bearer', '%00'),
  fc.string({ maxLength: 40 }),
);
// Varied addresses behind TRUST_PROXY keep the per-client limiters from hiding the input checks.
const forwardedArb = fc.oneof(
  { weight: 8, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('unknown', '::1, 10.0.0.1', '999.999.1.1', '1.1.1.1,'.repeat(300), '<script>'),
  },
);

const common = fc.record({
  auth: authArb,
  garbageToken: garbageTokenArb,
  forwardedFor: forwardedArb,
  // One answer in five goes through compression, which is the same whatever the input.
  compressed: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
});

const isPlainObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Encodes a generated value as a query string, and what the server's query parser makes of it. */
function toQuery(value: Json): { query: string; input?: { value: unknown } } {
  const params = new URLSearchParams();
  const parsed: Record<string, unknown> = {};
  let exact = true;
  const entries: [string, Json][] = isPlainObject(value) ? Object.entries(value) : [['value', value]];
  for (const [key, v] of entries) {
    const texts = queryText(v);
    for (const text of texts) params.append(key, text);
    if (texts.length === 1) parsed[key] = texts[0];
    else if (texts.length > 1) parsed[key] = texts;
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) exact = false;
  }
  // Past Node's 16 KB header limit the answer is a 431 either way; far past it Node hangs up mid-request.
  const query = params.toString();
  if (query.length > 40_000) return { query: `?${query.slice(0, 40_000)}` };
  return { query: query ? `?${query}` : '', ...(exact ? { input: { value: parsed } } : {}) };
}

const BROKEN_JSON = [
  '{',
  '{"a":',
  '{"productId": 1,}',
  "{'productId': 1}",
  '[1, 2',
  '"unterminated',
  'nul',
  '{"a": 1e400}',
  '{"a": -}',
  '\uFEFF{"a":1}',
  '{"a":"\\ud800"}',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2001)}`,
  '\u0000',
];

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
  'APPLICATION/JSON',
  ';;;',
];

/** A JSON body as clients send it, broken JSON, an empty body, or the right text under the wrong type. */
function jsonBodyArb(value: fc.Arbitrary<Json>) {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: value.map((v) => {
        const body = JSON.stringify(v);
        // Parsed again only when a call succeeds and its input is checked against the schema.
        const input: { value: unknown } | undefined = {
          get value() {
            return v === null ? {} : (JSON.parse(body) as unknown);
          },
        };
        return { body, contentType: 'application/json' as string | null, input };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...BROKEN_JSON),
          fc.tuple(value, fc.nat()).map(([v, cut]) => {
            const text = JSON.stringify(v) ?? '';
            return text.slice(0, text.length > 1 ? cut % (text.length - 1) : 0) || '{';
          }),
        )
        .map((body) => ({ body, contentType: 'application/json' as string | null, input: undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, fc.constantFrom<string | null>(...WRONG_TYPES, null))
        .map(([v, contentType]) => ({ body: JSON.stringify(v) ?? 'x', contentType, input: undefined })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        body: '',
        contentType: 'application/json' as string | null,
        input: undefined,
      }),
    },
  );
}

const CRLF = '\r\n';

/** Multipart forms, well made and broken: the PDF upload and the restore read them. */
const multipartArb = fc
  .record({
    boundary: fc.constantFrom('----fuzz7MA4YWxkTrZu0gW', 'x', 'a'.repeat(70)),
    files: fc.array(
      fc.record({
        field: fc.oneof(fc.constant('file'), hostileString),
        fileName: fc.oneof(fc.constantFrom('flyer.pdf', '../../etc/passwd', '', 'a"b.pdf'), hostileString),
        type: fc.constantFrom('application/pdf', 'text/html', 'application/octet-stream', 'image/png', ''),
        data: fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.string({ maxLength: 300 }).map((s) => new TextEncoder().encode(`%PDF-1.4\n${s}`)),
          fc.constant(new TextEncoder().encode('<html><script>alert(1)</script></html>')),
          fc.constant(new TextEncoder().encode('PK\u0003\u0004 not really a zip')),
        ),
      }),
      { maxLength: 3 },
    ),
    fields: fc.array(fc.tuple(hostileString, hostileString), { maxLength: 25 }),
    breakage: fc.constantFrom(
      'none',
      'none',
      'none',
      'truncate',
      'no-end',
      'wrong-boundary',
      'no-boundary',
      'junk',
    ),
    cut: fc.nat(),
  })
  .map(({ boundary, files, fields, breakage, cut }) => {
    const encoder = new TextEncoder();
    const chunks: Uint8Array[] = [];
    for (const [name, value] of fields) {
      chunks.push(
        encoder.encode(
          `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`,
        ),
      );
    }
    for (const file of files) {
      chunks.push(
        encoder.encode(
          `--${boundary}${CRLF}Content-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"${CRLF}Content-Type: ${file.type}${CRLF}${CRLF}`,
        ),
        file.data,
        encoder.encode(CRLF),
      );
    }
    if (breakage !== 'no-end') chunks.push(encoder.encode(`--${boundary}--${CRLF}`));
    let body: Uint8Array = Buffer.concat(chunks);
    if (breakage === 'truncate') body = body.subarray(0, body.length > 0 ? cut % body.length : 0);
    if (breakage === 'junk') body = encoder.encode(`--${boundary}\r\nGarbage: \u0000\r\n\r\n--`);
    const contentType =
      breakage === 'wrong-boundary'
        ? 'multipart/form-data; boundary=not-the-one'
        : breakage === 'no-boundary'
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${boundary}`;
    return { body, contentType: contentType as string | null, input: undefined };
  });

function restProbes(route: RestRoute): fc.Arbitrary<Probe> {
  const schema = jsonSchemaOf(route.procedure) ?? {};
  const mutation = procedures[route.procedure]?._def.type === 'mutation';
  const target = `REST ${route.method} ${route.path}`;
  const base = {
    target,
    procedure: route.procedure,
    mutation,
    kind: route.respond === 'file' ? ('rest-file' as const) : ('rest' as const),
    method: route.method,
  };
  const shapedQuery = fc.oneof(
    { weight: 5, arbitrary: valueFor(schema).map(toQuery) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_QUERIES).map((query) => ({ query, input: undefined })) },
  );
  const noise = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ query: '', input: undefined }) },
    { weight: 1, arbitrary: shapedQuery.map(({ query }) => ({ query, input: undefined })) },
  );

  let request: fc.Arbitrary<{
    query: string;
    body?: string | Uint8Array;
    contentType: string | null;
    input?: { value: unknown };
  }>;
  const canHaveBody = route.method !== 'GET';
  switch (route.input) {
    case 'query':
      request = fc
        .tuple(
          shapedQuery,
          canHaveBody
            ? fc.option(jsonBodyArb(hostileJson), { freq: 4 })
            : fc.constant(null as null | { body: string; contentType: string | null }),
        )
        .map(([q, extra]) => ({
          query: q.query,
          ...(extra ? { body: extra.body } : {}),
          contentType: extra ? extra.contentType : null,
          ...(q.input ? { input: q.input } : {}),
        }));
      break;
    case 'body':
      request = fc.tuple(noise, jsonBodyArb(valueFor(schema))).map(([q, b]) => ({
        query: q.query,
        body: b.body,
        contentType: b.contentType,
        ...(b.input ? { input: b.input } : {}),
      }));
      break;
    case 'multipart':
      request = fc
        .tuple(
          valueFor(schema).map(toQuery),
          fc.oneof(
            { weight: 4, arbitrary: multipartArb },
            { weight: 1, arbitrary: jsonBodyArb(hostileJson) },
          ),
        )
        .map(([q, b]) => ({ query: q.query, body: b.body, contentType: b.contentType }));
      break;
    default:
      request = fc
        .tuple(noise, canHaveBody ? fc.option(jsonBodyArb(hostileJson)) : fc.constant(null))
        .map(([q, extra]) => ({
          query: q.query,
          ...(extra ? { body: extra.body } : {}),
          contentType: extra ? extra.contentType : null,
          input: { value: undefined },
        }));
  }
  return fc.tuple(common, request).map(([c, r]) => ({
    ...base,
    ...c,
    url: `${route.path}${r.query}`,
    contentType: r.contentType,
    ...(r.body !== undefined ? { body: r.body } : {}),
    ...(r.input ? { input: r.input } : {}),
  }));
}

function trpcProbes(name: string): fc.Arbitrary<Probe> {
  const def = procedures[name] as ProcedureDef;
  const schema = jsonSchemaOf(name);
  const value = schema ? valueFor(schema) : hostileJson;
  const mutation = def._def.type === 'mutation';
  const base = { target: `tRPC ${name}`, procedure: name, mutation, kind: 'trpc' as const };
  const inUrl = (v: Json) => `?input=${encodeURIComponent(JSON.stringify(v) ?? '')}`;
  const shaped = mutation
    ? jsonBodyArb(value).map((b) => ({
        method: 'POST',
        url: `/trpc/${name}`,
        body: b.body,
        contentType: b.contentType,
        input:
          b.input === undefined
            ? undefined
            : {
                get value() {
                  return JSON.parse(b.body) as unknown;
                },
              },
      }))
    : value.map((v) => ({
        method: 'GET',
        url: `/trpc/${name}${inUrl(v)}`,
        body: undefined as string | undefined,
        contentType: null as string | null,
        input: {
          get value() {
            return JSON.parse(JSON.stringify(v) ?? 'null') as unknown;
          },
        },
      }));
  const odd = fc.oneof(
    fc.constantFrom(...ODD_QUERIES).map((q) => ({ method: 'GET', url: `/trpc/${name}${q}` })),
    value.map((v) => ({
      method: 'GET',
      url: `/trpc/${name},${name}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: v, 1: v }))}`,
    })),
    value.map((v) => ({ method: 'GET', url: `/trpc/${name}?batch=1${inUrl(v)}` })),
    fc.constantFrom('DELETE', 'PUT', 'PATCH', mutation ? 'GET' : 'POST').map((method) => ({
      method,
      url: `/trpc/${name}`,
    })),
  );
  const request = fc.oneof(
    { weight: 6, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: odd.map((o) => ({
        ...o,
        body: o.method === 'GET' || o.method === 'DELETE' ? undefined : '{"0":{}}',
        contentType: o.method === 'GET' || o.method === 'DELETE' ? null : 'application/json',
        input: undefined,
      })),
    },
  );
  return fc.tuple(common, request).map(([c, r]) => ({
    ...base,
    ...c,
    method: r.method,
    url: r.url,
    contentType: r.contentType,
    ...(r.body !== undefined ? { body: r.body } : {}),
    ...(r.input ? { input: r.input } : {}),
  }));
}

/** Paths around the route table: unknown names, the sign-in pages, media, health. */
const otherProbes: fc.Arbitrary<Probe> = fc
  .tuple(
    common,
    fc.constantFrom(
      ['GET', '/trpc/nope.nothing'],
      ['POST', '/trpc/__proto__'],
      ['GET', '/trpc/'],
      ['GET', '/trpc/orders.submit.extra'],
      ['GET', '/api/v1/Orders'],
      ['DELETE', '/api/v1/Products/GetProductsToShow'],
      ['GET', '/media/../../shop.db'],
      ['GET', '/media/%2e%2e/%2e%2e/shop.db'],
      ['GET', '/media/nope.webp'],
      ['GET', `/oidc/interaction/${'u'.repeat(200)}`],
      ['POST', `/oidc/interaction/${'u'.repeat(200)}/login`],
      ['GET', '/oidc/interaction/nope'],
      ['POST', '/oidc/interaction/nope/login'],
      ['GET', '/oidc/auth?client_id=%00&response_type=code'],
      ['POST', '/oidc/token'],
      ['GET', '/oidc/.well-known/openid-configuration'],
      ['GET', '/health?x=%ZZ'],
      ['GET', '/api/v1/openapi.json?x=1'],
    ),
    fc.option(hostileString),
  )
  .map(([c, [method, url], text]) => ({
    target: 'other paths',
    procedure: '',
    mutation: false,
    kind: 'other' as const,
    ...c,
    method: method as string,
    url: url as string,
    contentType: method === 'POST' ? 'application/x-www-form-urlencoded' : null,
    ...(method === 'POST'
      ? { body: new URLSearchParams({ email: text ?? '', password: text ?? '' }).toString() }
      : {}),
  }));

interface Outcome {
  probe: Probe;
  status: number;
  text: string;
}

function describeProbe(probe: Probe): string {
  const body =
    probe.body === undefined
      ? ''
      : typeof probe.body === 'string'
        ? probe.body
        : Buffer.from(probe.body).toString('latin1');
  return [
    `${probe.method} ${probe.url.slice(0, 400)}`,
    `auth=${probe.auth} content-type=${probe.contentType} x-forwarded-for=${probe.forwardedFor?.slice(0, 60)}`,
    body ? `body (${body.length} chars): ${body.slice(0, 600)}` : '',
  ]
    .filter(Boolean)
    .join('\n  ');
}

// Internals that must never reach a caller: SQL errors, stack frames, file paths.
const LEAK =
  /SQLITE_|sqlite3?\b.*error|node_modules|\/work\/|\n\s+at [\w.<>]+ \(|ZodError|TypeError:|ReferenceError:/i;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function problemsWith(outcome: Outcome): string[] {
  const { probe, status, text } = outcome;
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}: ${text.slice(0, 300)}`);
  const success = status >= 200 && status < 300;
  if (!success && LEAK.test(text)) problems.push(`leaks internals: ${text.slice(0, 300)}`);
  // Node itself answers oversized headers and URLs before the shop sees them, without a body to check.
  if (status === 431 || status === 414) return problems;
  if (probe.kind === 'rest' || (probe.kind === 'rest-file' && !success)) {
    const envelope = parseJson(text) as { success?: unknown; message?: unknown } | undefined;
    if (envelope === undefined) problems.push(`not a JSON envelope (${status}): ${text.slice(0, 200)}`);
    else {
      if (envelope.success !== success) problems.push(`success=${envelope.success} with status ${status}`);
      if (!success && (typeof envelope.message !== 'string' || envelope.message.trim() === ''))
        problems.push(`refused (${status}) without a message a person can read`);
    }
  }
  if (probe.kind === 'trpc' && parseJson(text) === undefined)
    problems.push(`tRPC answered ${status} with something that is not JSON: ${text.slice(0, 200)}`);
  if (success && probe.mutation && probe.input) {
    const schema = inputSchemaOf(probe.procedure);
    if (schema && !schema.safeParse(probe.input.value).success)
      problems.push(`accepted (${status}) input its schema refuses`);
  }
  return problems;
}

// The shop runs in a process of its own, as in production: a crash shows as an exit, and the fuzzer and
// the server each get a core.
let server: ChildServer;
let token: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-fuzz-'));

beforeAll(async () => {
  server = await spawnServer({
    dataDir,
    env: {
      DEMO_DATA: 'true',
      TRUST_PROXY: 'true',
      // The only photo host is this machine, on a port where nothing listens: downloads fail fast, offline.
      PHOTO_HOSTS: '127.0.0.1',
    },
  });
  token = await childStaffToken(server, 'fuzz@example.com', 'Fuzz Tester');
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(probe: Probe): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (probe.auth === 'staff') headers.authorization = `Bearer ${token}`;
  if (probe.auth === 'garbage') headers.authorization = `Bearer ${probe.garbageToken}`;
  if (probe.forwardedFor !== null) headers['x-forwarded-for'] = probe.forwardedFor;
  if (probe.contentType !== null) headers['content-type'] = probe.contentType;
  // Compression is the same whatever the input; most answers skip it to spend the time on the input.
  headers['accept-encoding'] = probe.compressed ? 'br, gzip' : 'identity';
  for (const [key, value] of Object.entries(headers)) {
    // fetch refuses header values it cannot send; those are not the server's concern.
    if (/[^\t\x20-\x7e]/.test(value)) headers[key] = Buffer.from(value).toString('base64url');
  }
  const response = await fetch(`${server.url}${probe.url}`, {
    method: probe.method,
    headers,
    ...(probe.body !== undefined && probe.method !== 'GET' && probe.method !== 'HEAD'
      ? { body: probe.body }
      : {}),
    signal: AbortSignal.timeout(20_000),
  });
  return { probe, status: response.status, text: await response.text() };
}

async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

describe('hostile input', () => {
  it(`answers ${REQUESTS} malformed requests on every path without a 5xx, keeping the data of refused ones`, async () => {
    const targets: { name: string; weight: number; arbitrary: fc.Arbitrary<Probe> }[] = [
      ...restRoutes.map((route) => ({
        name: `REST ${route.method} ${route.path}`,
        weight: route.input === 'none' ? 1 : weightOf(route.procedure),
        arbitrary: restProbes(route),
      })),
      ...Object.keys(procedures).map((name) => ({
        name: `tRPC ${name}`,
        weight: weightOf(name),
        arbitrary: trpcProbes(name),
      })),
      { name: 'other paths', weight: 8, arbitrary: otherProbes },
    ];
    expect(targets.length).toBeGreaterThan(restRoutes.length);
    const all = fc.oneof(...targets.map(({ weight, arbitrary }) => ({ weight, arbitrary })));
    // A first round visits every target a few times, so none is left out by chance; then chance decides.
    const tour = targets.flatMap(({ arbitrary }, i) =>
      fc.sample(arbitrary, { numRuns: TOUR, seed: SEED + 1_000_000 + i }),
    );

    // Read beside the server through a connection of our own: its data_version moves whenever the server
    // commits anything, so while it stands still the (slower) fingerprint need not be taken.
    const watcher = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
    const sqlite = watcher.sqlite;
    const dataVersion = () => sqlite.pragma('data_version', { simple: true }) as number;
    let baseline = databaseFingerprint(sqlite);
    let baselineVersion = dataVersion();

    const problems: string[] = [];
    const report = (text: string) => {
      if (problems.length < 25) problems.push(text);
    };
    const perTarget = new Map<string, Map<number, number>>();
    let sent = 0;
    let batches = 0;
    let cleanBatches = 0;
    let refusedMutationsChecked = 0;
    let droppedConnections = 0;

    try {
      for (let batchIndex = 0; sent < REQUESTS; batchIndex++) {
        // Generated a batch at a time, so ten thousand requests never sit in memory together.
        const where = `seed ${SEED}, batch ${ONLY_BATCH ?? batchIndex}`;
        const size = Math.min(BATCH, REQUESTS - sent);
        const batch =
          ONLY_BATCH !== undefined
            ? fc.sample(all, { numRuns: BATCH, seed: SEED + ONLY_BATCH })
            : sent < tour.length
              ? tour.slice(sent, sent + size)
              : fc.sample(all, { numRuns: size, seed: SEED + batchIndex });
        sent += batch.length;
        const outcomes = await inPool(batch, IN_FLIGHT, async (probe) => {
          try {
            return await send(probe);
          } catch {
            // A keep-alive connection the server closed after an earlier answer (a 413 stops reading an
            // upload and closes) can be picked for the next request; the client drops it, so ask again.
            droppedConnections++;
            try {
              return await send(probe);
            } catch (error) {
              return { probe, status: 0, text: `${error} ${(error as { cause?: unknown }).cause}` };
            }
          }
        });

        let succeededMutation = false;
        for (const outcome of outcomes) {
          const counts = perTarget.get(outcome.probe.target) ?? new Map<number, number>();
          counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
          perTarget.set(outcome.probe.target, counts);
          const found = outcome.status === 0 ? [`no answer: ${outcome.text}`] : problemsWith(outcome);
          for (const problem of found)
            report(`${outcome.probe.target} (${where}): ${problem}\n  ${describeProbe(outcome.probe)}`);
          if (outcome.status >= 200 && outcome.status < 300 && outcome.probe.mutation)
            succeededMutation = true;
        }

        const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(10_000) }).catch(
          (error: unknown) => ({ status: `no answer (${error})` }),
        );
        expect(health.status, `the server stopped answering (${where}):\n${server.output()}`).toBe(200);

        batches++;
        const version = dataVersion();
        if (!succeededMutation) {
          cleanBatches++;
          refusedMutationsChecked += outcomes.filter((o) => o.probe.mutation).length;
        }
        if (version === baselineVersion) continue;
        const now = databaseFingerprint(sqlite);
        if (!succeededMutation) {
          const changed = changedTables(baseline, now);
          if (changed.length > 0) {
            report(
              `refused calls changed ${changed.join(', ')} (${where}); the calls that could write:\n  ${outcomes
                .filter((o) => o.probe.mutation)
                .map((o) => `${o.status} ${describeProbe(o.probe)}`)
                .join('\n  ')}`,
            );
          }
        }
        baseline = now;
        baselineVersion = version;
      }
    } finally {
      watcher.close();
    }

    if (process.env.FUZZ_REPORT) {
      for (const [name, counts] of [...perTarget].sort()) {
        console.log(name, JSON.stringify(Object.fromEntries(counts)));
      }
      console.log(
        `clean batches ${cleanBatches}/${batches}, refused mutations checked ${refusedMutationsChecked}, dropped connections ${droppedConnections}`,
      );
    }
    expect(problems, problems.join('\n\n')).toEqual([]);
    expect(sent).toBe(REQUESTS);
    for (const { name } of targets) {
      const counts = perTarget.get(name);
      const total = [...(counts?.values() ?? [])].reduce((a, b) => a + b, 0);
      expect(total, `${name} was fuzzed`).toBeGreaterThanOrEqual(
        Math.min(TOUR, Math.floor(REQUESTS / targets.length)),
      );
    }
    // The "refused calls change nothing" check had teeth: many batches held only refused writes.
    expect(refusedMutationsChecked).toBeGreaterThanOrEqual(Math.floor(REQUESTS / 10));

    // The one piece of staff HTML the storefront renders as HTML kept none of the injections it was sent.
    const reader = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
    try {
      const stored = [
        ...(reader.sqlite.prepare("select value as html from settings where name = 'Message'").all() as {
          html: string | null;
        }[]),
        ...(reader.sqlite.prepare('select message_html as html from saved_messages').all() as {
          html: string | null;
        }[]),
      ].map((row) => row.html ?? '');
      expect(stored.length).toBeGreaterThan(1);
      for (const html of stored) {
        expect(html).not.toMatch(/<(script|iframe|object|embed|style|svg|form)\b/i);
        expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
        expect(html).not.toMatch(/(href|src)\s*=\s*["']?\s*javascript:/i);
      }
    } finally {
      reader.close();
    }
  }, 240_000);
});
