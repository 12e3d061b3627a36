import { searchText } from '../searchParams';

/**
 * The pick-up desk's choices as the address carries them (/Admin/Pickup?day=12&show=pickedUp&q=smith&order=57),
 * so the order page's link, a reload or Back opens the desk as it was. Plain checks: router.tsx reads this in
 * every page's first load, where zod does not go.
 */
export interface PickupSearch {
  /** A pick-up day's number, 'none' for orders without a day, 'season' for every order of the season. */
  day?: number | 'none' | 'season';
  /** Which orders: waiting (left out), picked up, or all. */
  show?: 'pickedUp' | 'all';
  /** Order number, name or phone number. */
  q?: string;
  /** The order whose check-in is open. */
  order?: number;
}

const positiveWhole = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function validatePickupSearch(search: Record<string, unknown>): PickupSearch {
  const out: PickupSearch = {};
  const day = search.day === 'none' || search.day === 'season' ? search.day : positiveWhole(search.day);
  if (day !== undefined) out.day = day;
  if (search.show === 'pickedUp' || search.show === 'all') out.show = search.show;
  const q = searchText(search.q);
  if (q !== undefined) out.q = q.slice(0, 200);
  const order = positiveWhole(search.order);
  if (order !== undefined) out.order = order;
  return out;
}
