/**
 * Where the customer's hardiness zone is remembered (localStorage: it says nothing personal). Apart from the
 * store (hardinessZone.ts) so the product list can tell whether to load its zone panel without loading that.
 */
export const ZONE_KEY = 'hardiness-zone';

export function storedZone(): string | null {
  try {
    return localStorage.getItem(ZONE_KEY);
  } catch {
    return null; // storage refused (a private window's quota, a policy): the zone lasts this page only
  }
}
