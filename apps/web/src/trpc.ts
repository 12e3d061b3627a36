import type { AppRouter } from '@nursery/api/types';
import { TRPC_MAX_BATCH, TRPC_PREFIX } from '@nursery/domain';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { getAccessToken } from './auth/token';

import { queryClient } from './lib/queryClient';
import { actionSucceeded } from './lib/toast';

export { queryClient };

/** A procedure that answers takes away the failure toast it left before (lib/toast.ts). */
const clearsItsFailure: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next(result) {
          actionSucceeded(op.path);
          observer.next(result);
        },
        error: (error) => observer.error(error),
        complete: () => observer.complete(),
      }),
    );

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    clearsItsFailure,
    httpBatchLink({
      url: TRPC_PREFIX,
      // The server refuses a longer batch; the link splits one instead.
      maxItems: TRPC_MAX_BATCH,
      headers() {
        const token = getAccessToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

/** Query and mutation options for every procedure: `useQuery(trpc.catalog.productsToShow.queryOptions())`. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;
