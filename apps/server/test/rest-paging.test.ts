import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../src/testing.ts';
import { insertOrders } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

// REST paging of the lists that grow with the shop, over real HTTP: limit, the Link header (RFC 8288), the
// cursor it carries, and the whole list written out in chunks when no limit is given.

let server: TestServer;
let token: string;

interface Row {
  orderId?: number;
  contactId?: number;
  productId?: number;
}

beforeAll(async () => {
  ({ server, token } = await signedInShop());
  const sqlite = server.shop.database.sqlite;
  // Enough of each list for several pages: the demo's orders, some deleted, and contact messages, with ties on
  // the date (same created_at) so the cursor must tell rows of the same moment apart.
  sqlite.exec(`update orders set deleted_at = created_at + 1000, deleted_by = 'Test' where order_id % 9 = 0`);
  const insert = sqlite.prepare(
    'insert into contacts (name, email, comments, created_at) values (?, ?, ?, ?)',
  );
  for (let i = 0; i < 75; i += 1)
    insert.run(`Person ${i}`, `p${i}@example.com`, 'Hello', 1_700_000_000_000 + (i % 5));
  sqlite.exec(
    'update orders set created_at = (select min(created_at) from orders) where order_id between 20 and 40',
  );
  // Products sharing a name (the catalogue's order is name, then id), some of them Special Order, one deleted.
  const product = sqlite.prepare(
    'insert into products (name, product_type_id, product_status) values (?, (select min(product_type_id) from product_types), ?)',
  );
  for (let i = 0; i < 60; i += 1) product.run(`Aster ${i % 6}`, i % 7 === 0 ? 5 : i === 13 ? 4 : 2);
});
afterAll(async () => server?.stop());

async function get(pathAndQuery: string) {
  const response = await fetch(`${server.url}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  return {
    response,
    status: response.status,
    body: JSON.parse(text) as { success: boolean; message: string; data: Row[] },
  };
}

/** The next page's address from a Link header, or null. */
function nextOf(link: string | null): string | null {
  if (link === null) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, `Link header ${link}`).not.toBeNull();
  return match?.[1] ?? null;
}

/** Follows the Link headers from the first page to the last; answers every row and the pages' sizes. */
async function followPages(first: string): Promise<{ rows: Row[]; sizes: number[]; links: string[] }> {
  const rows: Row[] = [];
  const sizes: number[] = [];
  const links: string[] = [];
  let next: string | null = first;
  while (next) {
    const page = await get(next);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ success: true, message: '' });
    rows.push(...page.body.data);
    sizes.push(page.body.data.length);
    next = nextOf(page.response.headers.get('link'));
    if (next) links.push(next);
  }
  return { rows, sizes, links };
}

const lists = [
  { path: '/api/v1/Orders/GetAllOrders', query: '', id: 'orderId' },
  { path: '/api/v1/Orders/GetAllOrdersForSeason', query: 'season=-1&', id: 'orderId' },
  { path: '/api/v1/Orders/GetAllDeletedOrders', query: '', id: 'orderId' },
  { path: '/api/v1/Contact/GetUserComments', query: '', id: 'contactId' },
  {
    path: '/api/v1/Products/GetAllProductsWithStats',
    query: 'includeSpecialOrderProducts=true&',
    id: 'productId',
  },
] as const;

describe.each(lists)('$path', ({ path, query, id }) => {
  it('pages with limit and Link rel="next" through exactly the rows of the whole list, in its order', async () => {
    const whole = await get(`${path}${query ? `?${query.slice(0, -1)}` : ''}`);
    expect(whole.status).toBe(200);
    expect(whole.response.headers.get('link')).toBeNull();
    expect(whole.body.data.length).toBeGreaterThan(40);
    const limit = 17;
    const paged = await followPages(`${path}?${query}limit=${limit}`);
    expect(paged.rows).toEqual(whole.body.data);
    expect(paged.sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
    expect(paged.sizes.at(-1)).toBeGreaterThan(0);
    expect(paged.sizes.at(-1)).toBeLessThanOrEqual(limit);
    // The link is the same path with the other parameters kept and after = the last id of the page.
    for (const link of paged.links) {
      const url = new URL(link, server.url);
      expect(url.pathname).toBe(path);
      expect(url.searchParams.get('limit')).toBe(String(limit));
      for (const [name, value] of new URLSearchParams(query)) expect(url.searchParams.get(name)).toBe(value);
    }
    const firstLink = new URL(paged.links[0] ?? '', server.url);
    expect(Number(firstLink.searchParams.get('after'))).toBe(whole.body.data[limit - 1]?.[id]);
  });

  it('refuses a limit out of range and an after that names no row, with a message', async () => {
    for (const bad of [
      'limit=0',
      'limit=1001',
      'limit=ten',
      'after=0',
      'after=99999999',
      'limit=5&after=99999999',
    ]) {
      const answer = await get(`${path}?${query}${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message, bad).toMatch(/limit|after/);
    }
  });
});

describe('the whole list without limit', () => {
  it('is written out in chunks as it is read, the same envelope as before', async () => {
    const response = await fetch(`${server.url}/api/v1/Orders/GetAllOrders`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // No length known in advance: the body goes out as it is read.
    expect(response.headers.get('content-length')).toBeNull();
    const body = (await response.json()) as { success: boolean; message: string; data: Row[] };
    expect(Object.keys(body)).toEqual(['success', 'message', 'data']);
    const expected = server.shop.database.sqlite
      .prepare(
        'select order_id as id from orders where deleted_at is null order by created_at desc, order_id desc',
      )
      .all() as { id: number }[];
    expect(body.data.map((o) => o.orderId)).toEqual(expected.map((o) => o.id));
  });
});

describe('the whole list, compressed', () => {
  it('is the same bytes in br, gzip and identity, across many chunks and pieces', async () => {
    // Several of the server's chunks and written pieces (50 rows each).
    server.shop.database.sqlite.exec(`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 320)
      insert into orders (name, email, season_purchased, created_at)
      select 'Bulk ' || i, 'bulk' || i || '@example.com', (select max(season_purchased) from orders),
        1600000000000 + i * 1000 from n`);
    const read = async (encoding: string) => {
      const response = await fetch(`${server.url}/api/v1/Orders/GetAllOrders`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      return { encoding: response.headers.get('content-encoding'), text: await response.text() };
    };
    const identity = await read('identity');
    expect(identity.encoding).toBeNull();
    const rows = (JSON.parse(identity.text) as { data: Row[] }).data;
    expect(rows.length).toBeGreaterThan(320);
    // Byte for byte the envelope as one JSON.stringify of the whole list would write it.
    expect(identity.text).toBe(JSON.stringify({ success: true, message: '', data: rows }));
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = await read(encoding);
      expect(compressed.encoding).toBe(encoding);
      expect(compressed.text).toBe(identity.text);
    }
    expect((await read('gzip;q=0, br;q=0')).encoding).toBeNull();
  });
});

describe("the whole list over tRPC (the REST calls' twins)", () => {
  const trpc = (procedure: string, input: unknown, batch: boolean) => {
    const query = batch
      ? `batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`
      : input === undefined
        ? ''
        : `input=${encodeURIComponent(JSON.stringify(input))}`;
    return `${server.url}/trpc/${procedure}${query ? `?${query}` : ''}`;
  };
  const read = async (url: string, encoding = 'identity') => {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
    });
    return { response, text: await response.text() };
  };

  it("is tRPC's own answer, single or in a batch of one, in every encoding, the same rows as REST", async () => {
    const season = (
      server.shop.database.sqlite.prepare('select max(season_purchased) as s from orders').get() as {
        s: number;
      }
    ).s;
    for (const [procedure, input, rest] of [
      ['orders.all', undefined, '/api/v1/Orders/GetAllOrders'],
      ['orders.allForSeason', { season }, `/api/v1/Orders/GetAllOrdersForSeason?season=${season}`],
    ] as const) {
      const viaRest = (JSON.parse((await read(`${server.url}${rest}`)).text) as { data: Row[] }).data;
      expect(viaRest.length).toBeGreaterThan(50);
      const single = await read(trpc(procedure, input, false));
      expect(single.response.status).toBe(200);
      expect(single.response.headers.get('cache-control')).toBe('no-store');
      expect(single.text).toBe(JSON.stringify({ result: { data: viaRest } }));
      const batch = await read(trpc(procedure, input, true));
      expect(batch.text).toBe(JSON.stringify([{ result: { data: viaRest } }]));
      for (const encoding of ['br', 'gzip']) {
        const compressed = await read(trpc(procedure, input, true), encoding);
        expect(compressed.response.headers.get('content-encoding')).toBe(encoding);
        expect(compressed.text).toBe(batch.text);
      }
    }
    // A page is still tRPC's own answer, and a cursor that names no order its own error.
    const page = JSON.parse((await read(trpc('orders.all', { limit: 3 }, false))).text) as {
      result: { data: Row[] };
    };
    expect(page.result.data).toHaveLength(3);
    const refused = await read(trpc('orders.all', { after: 987_654_321 }, false));
    expect(refused.response.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({
      error: {
        message:
          'after must be the id of the last order of the page before: there is no order number 987654321.',
      },
    });
    // Staff only, as before.
    const anonymous = await fetch(trpc('orders.all', undefined, false));
    expect(anonymous.status).toBe(401);
  });
});

describe('paging while orders come in', () => {
  it('neither repeats nor skips a row when an order is placed between two pages', async () => {
    const first = await get('/api/v1/Orders/GetAllOrders?limit=10');
    const next = nextOf(first.response.headers.get('link'));
    expect(next).not.toBeNull();
    // A new order goes to the top of the list, before the pages already read.
    server.shop.database.sqlite
      .prepare(
        `insert into orders (name, season_purchased, created_at) select 'Newcomer', season_purchased, created_at + 1
         from orders order by created_at desc limit 1`,
      )
      .run();
    const second = await get(next ?? '');
    const seen = [...first.body.data, ...second.body.data].map((o) => o.orderId);
    const expected = server.shop.database.sqlite
      .prepare(
        `select order_id as id from orders where deleted_at is null and name <> 'Newcomer'
         order by created_at desc, order_id desc limit 20`,
      )
      .all() as { id: number }[];
    expect(seen).toEqual(expected.map((o) => o.id));
  });
});

describe('the OpenAPI document', () => {
  it('describes limit, after and the Link header on every paged list', async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<
        string,
        {
          get: {
            parameters: { name: string }[];
            responses: { '200': { headers?: Record<string, unknown> } };
          };
        }
      >;
    };
    for (const { path } of lists) {
      const get = doc.paths[path]?.get;
      expect(get?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'after']));
      expect(get?.responses['200'].headers).toHaveProperty('Link');
    }
  });
});

describe('the whole list, written while the shop answers others', () => {
  /** About 10 MB of list: 20,000 more orders with every field a customer fills in. */
  const manyOrders = () =>
    insertOrders(server, 20_000, {
      firstName: 'Many',
      lastName: 'Orders',
      emailName: 'many.orders',
      comments: 'Please keep the roots wet, we pick up on Saturday morning',
      firstCreatedAt: 1_500_000_000_000,
      stepMs: 1000,
    });

  it('never holds the event loop for long, even when the socket takes every piece at once', async () => {
    // About 10 MB of list: written in one go it held the server for a quarter of a second and more.
    const removeOrders = manyOrders();
    try {
      // Over REST and over tRPC (which wrote it in one JSON.stringify, seconds at 100,000 orders).
      for (const [url, rowsOf] of [
        [`${server.url}/api/v1/Orders/GetAllOrders`, (body: unknown) => (body as { data: Row[] }).data],
        [
          `${server.url}/trpc/orders.all`,
          (body: unknown) => (body as { result: { data: Row[] } }).result.data,
        ],
      ] as const) {
        const delay = monitorEventLoopDelay({ resolution: 1 });
        const response = await fetch(url, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
        });
        // Only the pieces are gathered meanwhile: decoding 10 MB at once would hold this process, not the server.
        const pieces: Uint8Array[] = [];
        delay.enable();
        for await (const piece of response.body ?? []) pieces.push(piece);
        delay.disable();
        const text = Buffer.concat(pieces).toString('utf8');
        expect(response.status).toBe(200);
        expect(rowsOf(JSON.parse(text)).length).toBeGreaterThan(20000);
        // The server writes a piece of 10 ms at most, then lets others in; the rest is this process reading it.
        expect(delay.max / 1e6, url).toBeLessThan(100);
      }
    } finally {
      removeOrders();
    }
  });

  it('shares the loop with the other whole lists asked for at once, over REST and tRPC alike', async () => {
    const removeOrders = manyOrders();
    try {
      // Every piece that arrives, in order, named by the list it belongs to.
      const arrivals: number[] = [];
      const lists = [
        `${server.url}/api/v1/Orders/GetAllOrders`,
        `${server.url}/trpc/orders.all`,
        `${server.url}/api/v1/Orders/GetAllOrders`,
      ];
      const sizes = await Promise.all(
        lists.map(async (url, list) => {
          const response = await fetch(url, {
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
          });
          expect(response.status).toBe(200);
          let bytes = 0;
          for await (const piece of response.body ?? []) {
            arrivals.push(list);
            bytes += piece.byteLength;
          }
          return bytes;
        }),
      );
      for (const bytes of sizes) expect(bytes).toBeGreaterThan(10_000_000);
      // Each list's pieces came while the others were still coming: none was written out whole before the next
      // began (one after the other, each list's pieces would be one run).
      const lastOf = (list: number) => arrivals.lastIndexOf(list);
      const firstOf = (list: number) => arrivals.indexOf(list);
      for (const list of [0, 1, 2]) {
        for (const other of [0, 1, 2].filter((o) => o !== list)) {
          expect(firstOf(other), `list ${other} began before list ${list} ended`).toBeLessThan(lastOf(list));
        }
      }
    } finally {
      removeOrders();
    }
  });
});
