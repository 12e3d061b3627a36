/**
 * tRPC's wire format where the shop speaks it without tRPC's client: the storefront's five public calls
 * (apps/web/src/lib/publicApi.ts, which keeps the 9 KB client off the first page) and the server's page
 * preloads (apps/server/src/indexPage.ts), which must name the very address the storefront will fetch.
 * One copy, held to what tRPC's own client and query-options proxy do by apps/web/src/lib/publicApi.test.ts.
 */

/** Where the server mounts tRPC and where the browser calls it. */
export const TRPC_PREFIX = '/trpc';

/** The address of a query as tRPC's unbatched link sends it: GET /trpc/<path>?input=<JSON>. */
export function trpcQueryUrl(path: string, input?: unknown): string {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return `${TRPC_PREFIX}/${path}${query}`;
}

/** The cache key @trpc/tanstack-react-query gives a query: `trpc.a.b.queryKey(input)`. */
export function trpcQueryKey(path: string, input?: unknown) {
  return [path.split('.'), input === undefined ? { type: 'query' } : { input, type: 'query' }] as const;
}

/** The key of every cached answer of one procedure, whatever its input: `trpc.a.b.pathKey()`. */
export function trpcPathKey(path: string) {
  return [path.split('.')] as const;
}

/** A tRPC answer's body read: its data, or the error's message and code. */
export type TrpcAnswer = { ok: true; data: unknown } | { ok: false; message: string; code?: string };

export function readTrpcAnswer(body: unknown): TrpcAnswer {
  const envelope = body as {
    result?: { data?: unknown };
    error?: { message?: unknown; data?: { code?: unknown } };
  } | null;
  const result = envelope?.result;
  if (result && typeof result === 'object' && 'data' in result) return { ok: true, data: result.data };
  const error = envelope?.error;
  return {
    ok: false,
    message: typeof error?.message === 'string' ? error.message : '',
    ...(typeof error?.data?.code === 'string' ? { code: error.data.code } : {}),
  };
}
