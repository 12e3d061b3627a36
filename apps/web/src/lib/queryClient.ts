import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache. Kept apart from trpc.ts, so the storefront's first page never loads the tRPC client. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // A read is tried even while the phone says it is offline (the service worker may answer it from its copy);
    // only its retries wait for the network. A write is never held back to be sent later: it fails at once and
    // says so, so nothing is queued on a customer's phone behind their back.
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    mutations: { networkMode: 'always' },
  },
});
