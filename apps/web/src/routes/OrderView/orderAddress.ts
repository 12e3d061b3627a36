import { phoneDigits } from '@nursery/domain';

/**
 * The order page's own address, as its QR code carries it: /Order/{id}/{phone digits}. The digits alone keep
 * the code small (the lookup compares digits only), and with them the customer's phone opens the order too,
 * while a staff phone that is signed in gets the check-in on the same page.
 */
export function orderAddress(origin: string, orderId: number, phoneNumber: string): string {
  const digits = phoneDigits(phoneNumber);
  return `${origin}/Order/${orderId}${digits ? `/${digits}` : ''}`;
}
