import { useQuery } from '@tanstack/react-query';
import { publicQuery } from '../lib/publicApi';

/**
 * The pick-up days the checkout offers (from today on, full ones marked), asked for once the cart is open:
 * never on a page's first load. Fresh for a short while only, since other customers fill the days.
 */
export function useOpenPickUpDays(enabled: boolean) {
  return useQuery({ ...publicQuery('pickUpDays.open'), enabled, staleTime: 15_000 });
}
