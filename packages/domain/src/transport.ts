/**
 * Procedures one tRPC request may carry. The web app's batch link splits its calls at this many; the server
 * refuses a longer batch with 400 (one batch used to place 35 orders in one request).
 */
export const TRPC_MAX_BATCH = 10;
