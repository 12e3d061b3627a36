import type { AppRouter } from '@nursery/api/types';
import { readTrpcAnswer, TRPC_PREFIX, trpcPathKey, trpcQueryKey, trpcQueryUrl } from '@nursery/domain';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { getAccessToken } from '../auth/token';
import { actionSucceeded } from './toast';

/**
 * The storefront's calls, spoken straight to the tRPC endpoint with fetch, in the wire format of
 * packages/domain/src/trpcWire.ts. The full tRPC client
 * (about 9 KB gzipped) then loads only with the admin area, keeping the first page light. The cache
 * keys are the ones the tRPC options proxy makes ([path parts, {input, type}]), so an admin screen that
 * invalidates `trpc.catalog.productsToShow.pathKey()` refreshes the storefront's list too.
 */

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

type Call<R extends keyof Inputs, P extends keyof Inputs[R] & keyof Outputs[R]> = {
  input: Inputs[R][P];
  output: Outputs[R][P];
};

interface PublicCalls {
  'settings.all': Call<'settings', 'all'>;
  'site.config': Call<'site', 'config'>;
  'catalog.productsToShow': Call<'catalog', 'productsToShow'>;
  'orders.byId': Call<'orders', 'byId'>;
  'orders.submit': Call<'orders', 'submit'>;
  'contacts.insert': Call<'contacts', 'insert'>;
  'pickUpDays.open': Call<'pickUpDays', 'open'>;
  'waitlist.join': Call<'waitlist', 'join'>;
}

type PublicPath = keyof PublicCalls;
export type PublicOutput<P extends PublicPath> = PublicCalls[P]['output'];
export type PublicInput<P extends PublicPath> = PublicCalls[P]['input'];

/** A failed call, shaped like a TRPCClientError (data.httpStatus) so lib/toast reads both alike. */
export class PublicCallError extends Error {
  readonly data: { httpStatus: number; code?: string; path?: string };
  /** True when the message was written here (no answer, or an answer without a message), not by the server. */
  readonly localMessage: boolean;
  constructor(
    message: string,
    httpStatus: number,
    options: { code?: string; localMessage?: boolean; path?: string } = {},
  ) {
    super(message);
    this.name = 'PublicCallError';
    this.data = {
      httpStatus,
      ...(options.code ? { code: options.code } : {}),
      ...(options.path ? { path: options.path } : {}),
    };
    this.localMessage = options.localMessage ?? false;
  }
}

async function call<P extends PublicPath>(
  path: P,
  method: 'GET' | 'POST',
  input: unknown,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<PublicOutput<P>> {
  const headers: Record<string, string> = {};
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let url = trpcQueryUrl(path, input);
  let body: string | undefined;
  if (method === 'POST') {
    url = `${TRPC_PREFIX}/${path}`;
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? null);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicCallError('The shop could not be reached. Check your connection and try again.', 0, {
      localMessage: true,
    });
  }
  const answer = readTrpcAnswer(await response.json().catch(() => null));
  if (!response.ok) {
    const message = answer.ok ? '' : answer.message;
    const code = answer.ok ? undefined : answer.code;
    throw new PublicCallError(message || response.statusText, response.status, {
      ...(code ? { code } : {}),
      localMessage: !message,
      path,
    });
  }
  if (!answer.ok) {
    throw new PublicCallError('The shop sent an answer it could not read.', 502, { localMessage: true });
  }
  actionSucceeded(path);
  return answer.data as PublicOutput<P>;
}

/** The cache key the tRPC options proxy gives the same query. */
export function publicQueryKey<P extends PublicPath>(path: P, input?: PublicInput<P>) {
  return trpcQueryKey(path, input);
}

/** Every cached answer of one procedure, whatever its input (the proxy's pathKey()). */
export function publicPathKey(path: PublicPath) {
  return trpcPathKey(path);
}

/** Options for useQuery / fetchQuery, like `trpc.x.y.queryOptions(input)`. */
export function publicQuery<P extends PublicPath>(path: P, input?: PublicInput<P>) {
  return {
    queryKey: publicQueryKey(path, input),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(path, 'GET', input, signal),
  };
}

/**
 * Options for useMutation of a create sent with an Idempotency-Key: the same key with the same input gets the
 * first answer again from the server, so a retry after a lost answer never makes a second one.
 */
export function publicKeyedMutation<P extends PublicPath>(path: P) {
  return {
    mutationKey: publicPathKey(path),
    mutationFn: ({ input, idempotencyKey }: { input: PublicInput<P>; idempotencyKey: string }) =>
      call(path, 'POST', input, undefined, idempotencyKey),
  };
}

/** Options for useMutation, like `trpc.x.y.mutationOptions()`. */
export function publicMutation<P extends PublicPath>(path: P) {
  return {
    mutationKey: publicPathKey(path),
    mutationFn: (input: PublicInput<P>) => call(path, 'POST', input),
  };
}
