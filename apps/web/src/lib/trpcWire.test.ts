import type { AppRouter } from '@nursery/api/types';
import { readTrpcAnswer, TRPC_PREFIX, trpcPathKey, trpcQueryKey, trpcQueryUrl } from '@nursery/domain';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';

/**
 * The storefront and the server's preloads speak tRPC without its client (packages/domain/src/trpcWire.ts);
 * these hold that one copy to what tRPC's own client sends and its query-options proxy keys.
 */
function clientRecording() {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `http://shop.test${TRPC_PREFIX}`,
        fetch: async (url, init) => {
          requests.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body });
          return new Response(JSON.stringify({ result: { data: [] } }), {
            headers: { 'content-type': 'application/json' },
          });
        },
      }),
    ],
  });
  return { client, requests };
}

describe("tRPC's wire format, one copy", () => {
  it("names the address tRPC's client asks for a query, with and without input", async () => {
    const { client, requests } = clientRecording();
    const input = { orderId: '12', phoneNumber: '(555) 201-3344' };
    await client.orders.byId.query(input).catch(() => undefined);
    await client.catalog.productsToShow.query().catch(() => undefined);
    expect(requests.map((r) => r.url.replace('http://shop.test', ''))).toEqual([
      trpcQueryUrl('orders.byId', input),
      trpcQueryUrl('catalog.productsToShow'),
    ]);
  });

  it("keys the cache as tRPC's query-options proxy does", () => {
    const { client } = clientRecording();
    const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient: new QueryClient() });
    const input = { orderId: 12, phoneNumber: '555' };
    expect(trpcQueryKey('orders.byId', input)).toStrictEqual(trpc.orders.byId.queryKey(input));
    expect(trpcQueryKey('settings.all')).toStrictEqual(trpc.settings.all.queryKey());
    expect(trpcPathKey('catalog.productsToShow')).toStrictEqual(trpc.catalog.productsToShow.pathKey());
  });

  it('reads an answer and an error as tRPC sends them', () => {
    expect(readTrpcAnswer({ result: { data: { a: 1 } } })).toEqual({ ok: true, data: { a: 1 } });
    expect(
      readTrpcAnswer({ error: { message: 'Not found.', code: -32004, data: { code: 'NOT_FOUND' } } }),
    ).toEqual({ ok: false, message: 'Not found.', code: 'NOT_FOUND' });
    expect(readTrpcAnswer(null)).toEqual({ ok: false, message: '' });
  });
});
