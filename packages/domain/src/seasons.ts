import { zonedParts, zonedTimeToInstant } from './zonedTime.ts';

/** The season dropdown's value for "every season". */
export const ALL_SEASONS = -1;
export const ALL_SEASONS_LABEL = 'All Seasons';

/** The spec's list goes down to 2016-17 even for a shop whose first order is newer. */
export const FIRST_LISTED_SEASON = 2016;

export const DEFAULT_SEASON_START_MONTH = 7;

/** A season is named by the year it starts in, judged by the calendar in the shop's own zone. */
export function seasonOf(date: Date, timeZone: string, startMonth = DEFAULT_SEASON_START_MONTH): number {
  const { year, month } = zonedParts(date, timeZone);
  return month >= startMonth ? year : year - 1;
}

export function seasonLabel(n: number): string {
  if (n === ALL_SEASONS) return ALL_SEASONS_LABEL;
  return `${n}-${String((n + 1) % 100).padStart(2, '0')}`;
}

/** Start inclusive, end exclusive, so a query is `start <= t < end` with no missing last second. */
export function seasonBounds(
  n: number,
  timeZone: string,
  startMonth = DEFAULT_SEASON_START_MONTH,
): { start: Date; end: Date } {
  return {
    start: zonedTimeToInstant(timeZone, n, startMonth, 1),
    end: zonedTimeToInstant(timeZone, n + 1, startMonth, 1),
  };
}

export function seasonList(
  oldestSeasonWithOrders: number | null,
  currentSeason: number,
): { value: number; label: string }[] {
  const oldest = Math.min(oldestSeasonWithOrders ?? FIRST_LISTED_SEASON, FIRST_LISTED_SEASON, currentSeason);
  const list: { value: number; label: string }[] = [];
  for (let n = currentSeason; n >= oldest; n--) list.push({ value: n, label: seasonLabel(n) });
  return list;
}
