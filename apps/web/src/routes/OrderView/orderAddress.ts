import { phoneDigits } from '@nursery/domain';

/**
 * The order page's own address, as its QR code carries it: /Order/{id}/{phone digits}. The digits alone keep
 * the code small (the lookup compares digits only), and with them the customer's phone opens the order too,
 * while a staff phone that is signed in gets the check-in on the same page. A phone with no digit at all
 * ('call the barn': checkout asks only for something) is carried as typed, since the lookup then compares its
 * words: without it the code opened an empty look-up form.
 */
export function orderAddress(origin: string, orderId: number, phoneNumber: string): string {
  const digits = phoneDigits(phoneNumber);
  const phone = digits || phoneNumber.trim();
  return `${origin}/Order/${orderId}${phone ? `/${encodeURIComponent(phone)}` : ''}`;
}
