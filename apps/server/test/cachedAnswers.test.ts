/**
 * The product list is sent from a cache compressed once per encoding, through REST and through tRPC's
 * fast path: the same data in every encoding and both wire formats, never stale, and tRPC's own errors
 * for anything the fast path does not take.
 */
import type { AppRouter } from '@nursery/api';
import { ProductStatus } from '@nursery/domain';
import { createTRPCClient, httpBatchLink, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSED_OFF_THE_THREAD_BYTES, chooseEncoding } from '../src/rest/cachedAnswer.ts';
import { staffToken, startTestServer, type TestServer } from '../src/testing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => server?.stop());

interface Shown {
  productId: number;
  name: string;
}

async function restList(encoding: string) {
  const res = await fetch(`${server.url}/api/v1/Products/GetProductsToShow`, {
    headers: { 'accept-encoding': encoding },
  });
  return { res, body: (await res.json()) as { success: boolean; message: string; data: Shown[] } };
}

describe('cached product list', () => {
  it('sends the same list in brotli, gzip and plain, saying which', async () => {
    const br = await restList('gzip, deflate, br');
    const gz = await restList('gzip');
    const plain = await restList('identity');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    for (const r of [br, gz, plain]) {
      expect(r.res.headers.get('vary')).toContain('accept-encoding');
      expect(r.res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.res.headers.get('cache-control')).toBe('no-store');
    }
    expect(br.body.data.length).toBeGreaterThan(10);
    expect(gz.body).toEqual(br.body);
    expect(plain.body).toEqual(br.body);
  });

  it('answers tRPC calls, single and batched, with the same data as REST', async () => {
    const { body } = await restList('br');
    for (const link of [httpLink, httpBatchLink]) {
      const client = createTRPCClient<AppRouter>({ links: [link({ url: `${server.url}/trpc` })] });
      const viaTrpc = (await client.catalog.productsToShow.query()) as unknown as Shown[];
      expect(viaTrpc).toEqual(body.data);
      const fresh = (await client.catalog.productsToShow.query({ ignoreCache: true })) as unknown as Shown[];
      expect(fresh).toEqual(body.data);
    }
    const raw = await fetch(
      `${server.url}/trpc/catalog.productsToShow?batch=1&input=${encodeURIComponent('{"0":{}}')}`,
      {
        headers: { 'accept-encoding': 'gzip' },
      },
    );
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    const batch = (await raw.json()) as [{ result: { data: Shown[] } }];
    expect(batch[0].result.data).toEqual(body.data);
  });

  it("marks a signed-in caller's tRPC list, answered from the cache, no-store; a visitor's stays cacheable", async () => {
    const token = await staffToken(server);
    for (const address of [
      '/trpc/catalog.productsToShow',
      `/trpc/catalog.productsToShow?batch=1&input=${encodeURIComponent('{"0":{}}')}`,
    ]) {
      const asStaff = await fetch(`${server.url}${address}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
      });
      expect(asStaff.status, address).toBe(200);
      expect(asStaff.headers.get('cache-control'), address).toBe('no-store');
      expect(asStaff.headers.get('content-encoding'), address).toBe('br');
      await asStaff.arrayBuffer();
      const asVisitor = await fetch(`${server.url}${address}`, { headers: { 'accept-encoding': 'br' } });
      expect(asVisitor.headers.get('cache-control'), address).not.toBe('no-store');
      await asVisitor.arrayBuffer();
    }
  });

  it('never sends a stale list after the catalogue changes', async () => {
    const before = await restList('br');
    const first = before.body.data[0];
    expect(first).toBeDefined();
    server.shop.database.sqlite
      .prepare('update products set name = ? where product_id = ?')
      .run('Renamed Bench Plant', first?.productId);
    server.shop.catalogCache.invalidate();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const after = await restList(encoding);
      expect(after.body.data.find((p) => p.productId === first?.productId)?.name).toBe('Renamed Bench Plant');
    }
    const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc` })] });
    const viaTrpc = (await client.catalog.productsToShow.query()) as unknown as Shown[];
    expect(viaTrpc.find((p) => p.productId === first?.productId)?.name).toBe('Renamed Bench Plant');
  });

  it("sends a list too large to compress on the server's thread the same in every encoding and both wire formats, asked for all at once", async () => {
    const sqlite = server.shop.database.sqlite;
    const addProduct = sqlite.prepare(
      'insert into products (name, product_type_id, product_status) values (?, 2, ?) returning product_id as id',
    );
    const addPrice = sqlite.prepare(
      'insert into product_prices (product_id, start_quantity, end_quantity, price_cents) values (?, 1, null, 250)',
    );
    sqlite.transaction(() => {
      for (let i = 0; i < 2000; i++) {
        const { id } = addProduct.get(`Large catalogue seedling ${i + 1}`, ProductStatus.Active) as {
          id: number;
        };
        addPrice.run(id);
      }
    })();
    server.shop.catalogCache.invalidate();
    const plain = await restList('identity');
    expect(Number(plain.res.headers.get('content-length'))).toBeGreaterThan(COMPRESSED_OFF_THE_THREAD_BYTES);
    expect(plain.body.data.filter((p) => p.name.startsWith('Large catalogue seedling'))).toHaveLength(2000);
    // Every request arrives while the first compression of its form is under way.
    const trpc = (encoding: string) =>
      fetch(`${server.url}/trpc/catalog.productsToShow?batch=1&input=${encodeURIComponent('{"0":{}}')}`, {
        headers: { 'accept-encoding': encoding },
      }).then(async (res) => ({ res, body: (await res.json()) as [{ result: { data: Shown[] } }] }));
    const [rest, trpcAnswers] = await Promise.all([
      Promise.all(['br', 'gzip', 'br', 'gzip'].map(restList)),
      Promise.all(['br', 'gzip', 'br'].map(trpc)),
    ]);
    for (const [i, answer] of rest.entries()) {
      expect(answer.res.headers.get('content-encoding')).toBe(i % 2 === 0 ? 'br' : 'gzip');
      expect(answer.body).toEqual(plain.body);
    }
    for (const answer of trpcAnswers) {
      expect(answer.res.status).toBe(200);
      expect(answer.body[0].result.data).toEqual(plain.body.data);
    }
  });

  it('answers every other form of the REST address as its route does: HEAD, a query, a token, a wrong case', async () => {
    const { res: get, body } = await restList('br');
    const head = await fetch(`${server.url}/api/v1/Products/GetProductsToShow`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of [
      'content-type',
      'content-encoding',
      'vary',
      'cache-control',
      'content-security-policy',
    ]) {
      expect(head.headers.get(name)).toBe(get.headers.get(name));
    }
    // The query string goes to the procedure (a staff member's rebuild), not to the cached answer sent as it is.
    server.shop.database.sqlite
      .prepare('update products set name = ? where product_id = ?')
      .run('Edited By Hand', body.data[1]?.productId);
    const cached = await restList('identity');
    expect(cached.body.data.find((p) => p.productId === body.data[1]?.productId)?.name).not.toBe(
      'Edited By Hand',
    );
    const rebuilt = await fetch(`${server.url}/api/v1/Products/GetProductsToShow?ignoreCache=true`, {
      headers: { authorization: `Bearer ${await staffToken(server)}` },
    });
    const rebuiltBody = (await rebuilt.json()) as { data: Shown[] };
    expect(rebuiltBody.data.find((p) => p.productId === body.data[1]?.productId)?.name).toBe(
      'Edited By Hand',
    );
    // A staff member's call reads the same list through the procedure.
    const asStaff = await fetch(`${server.url}/api/v1/Products/GetProductsToShow`, {
      headers: { authorization: `Bearer ${await staffToken(server)}` },
    });
    expect(asStaff.status).toBe(200);
    expect(((await asStaff.json()) as { data: Shown[] }).data).toEqual(rebuiltBody.data);
    const wrongCase = await fetch(`${server.url}/api/v1/products/getproductstoshow`);
    expect(wrongCase.status).toBe(404);
    expect(((await wrongCase.json()) as { message: string }).message).toBe(
      'Not found: GET /api/v1/products/getproductstoshow. Paths are case-sensitive: use GET /api/v1/Products/GetProductsToShow.',
    );
    const post = await fetch(`${server.url}/api/v1/Products/GetProductsToShow`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('leaves a malformed input to tRPC, which refuses it with its own 400', async () => {
    const res = await fetch(
      `${server.url}/trpc/catalog.productsToShow?input=${encodeURIComponent('{"ignoreCache":"yes"}')}`,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { data: { code: string } } };
    expect(body.error.data.code).toBe('BAD_REQUEST');
    const broken = await fetch(`${server.url}/trpc/catalog.productsToShow?input=%7Bnot-json`);
    expect(broken.status).toBe(400);
  });

  it('chooses brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});
