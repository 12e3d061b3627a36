// Check-in at the counter: the words and rules the pick-up desk, the order view and the server share. No zod
// here: the web app's router reads the list filter in its entry chunk (like orderList.ts).

/** How a customer paid at the counter. */
export const PAID_METHODS = ['cash', 'check'] as const;
export type PaidMethod = (typeof PAID_METHODS)[number];

export function paidMethodName(method: PaidMethod): string {
  return method === 'cash' ? 'Cash' : 'Check';
}

/** The admin Orders list and the pick-up desk filter by this: every order, those still waiting, those taken. */
export const ORDER_PICKUP_FILTERS = ['all', 'waiting', 'pickedUp'] as const;
export type OrderPickupFilter = (typeof ORDER_PICKUP_FILTERS)[number];

/** A payment typed at the counter above this is a slip of the finger, not a nursery order. */
export const PAYMENT_MAX_DOLLARS = 100_000;
export const CHECK_NUMBER_MAX = 30;

export const PAYMENT_AMOUNT_INVALID =
  'amount must be what was paid, in dollars with at most two decimals, such as 45.50, and not negative.';
export const PAYMENT_AMOUNT_NOT_A_NUMBER =
  'amount must be a number of dollars, such as 45.50, not text in quotes.';
export const CHECK_NUMBER_ONLY_FOR_CHECK = 'checkNumber is only for a payment by check (method check).';
export const PAYMENT_METHOD_INVALID = `method must be one of ${PAID_METHODS.join(', ')}.`;

/**
 * The order in which a yard crew walks the lines: by product type, then product name, then size (the stock
 * export's order, so a list printed from either reads the same way).
 */
export function byYardWalk(
  a: { productType: string; name: string; productSize: string; productId: number },
  b: { productType: string; name: string; productSize: string; productId: number },
): number {
  return (
    compareText(a.productType, b.productType) ||
    compareText(a.name, b.name) ||
    compareText(a.productSize, b.productSize) ||
    a.productId - b.productId
  );
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}
