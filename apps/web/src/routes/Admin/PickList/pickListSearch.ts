/** /Admin/PickList?day=12 (a pick-up day's number) or ?day=none (the season's orders without a day). */
export interface PickListSearch {
  day?: number | 'none';
}

export function validatePickListSearch(search: Record<string, unknown>): PickListSearch {
  if (search.day === 'none') return { day: 'none' };
  const n =
    typeof search.day === 'number'
      ? search.day
      : typeof search.day === 'string'
        ? Number(search.day)
        : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? { day: n } : {};
}
