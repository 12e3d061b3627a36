import { displayPickUpDateCompact } from '@nursery/domain';
import { TABLET_MIN_WIDTH, useWindowWidth } from '../../../components/useSizeClass';
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

/**
 * How a pick-up day menu names a day: in full ('Wednesday, September 22, 2027'), or on a phone in short
 * ('Wed, Sep 22, 2027'), since a native menu cannot wrap and cut the full name off at 390 px. The hours and
 * the count stay the caller's to add, and are left out of the order editor's on a phone.
 */
export function usePickUpDayMenuName(): {
  compact: boolean;
  name: (day: { date: string; displayDate: string }) => string;
} {
  const compact = useWindowWidth() < TABLET_MIN_WIDTH;
  return { compact, name: (day) => (compact ? displayPickUpDateCompact(day.date) : day.displayDate) };
}
