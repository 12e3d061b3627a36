/**
 * A `tel:` link to a phone number as staff typed it ("(555) 310-4477"): only its digits and a leading +.
 * A module of its own so the storefront's first load, which shows the shop's numbers in its footer, takes
 * nothing else with it.
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
