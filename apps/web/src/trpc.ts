import type { AppRouter } from '@nursery/api/types';
import { TRPC_MAX_BATCH, TRPC_PREFIX } from '@nursery/domain';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { getAccessToken } from './auth/token';

import { queryClient } from './lib/queryClient';

export { queryClient };

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
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
