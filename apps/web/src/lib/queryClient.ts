import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache. Kept apart from trpc.ts, so the storefront's first page never loads the tRPC client. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
