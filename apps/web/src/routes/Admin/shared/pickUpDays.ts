import type { Trpc } from '../../../trpc';
import { ARRIVAL_MS } from '../queries';

/**
 * The shop's pick-up days as staff see them (Settings, the Orders list's column and filter, the order editor),
 * fresh on each visit like the other lists. Here rather than in ../queries.ts, which the router's entry chunk
 * carries: no route loader asks for the days, so the storefront's first load need not hold their options.
 */
export const pickUpDaysQuery = (trpc: Trpc) => ({
  ...trpc.pickUpDays.all.queryOptions(),
  staleTime: ARRIVAL_MS,
});
