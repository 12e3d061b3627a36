/**
 * USDA plant hardiness zones: reading a product's `zones` text, the customer's own zone, and whether the one
 * covers the other. The one rule for "will it grow here?": the product list, the product page and the cart
 * all ask here.
 *
 * Zones run from 1 to 13; each has a colder half (a) and a warmer half (b). Inside, a zone is counted in
 * half-zones: 5a is 10, 5b is 11 (zone * 2, plus 1 for b). A zone written without its half means both
 * halves: "3-7" runs from 3a to 7b, "Zone 5" is 5a to 5b.
 */

export const LOWEST_ZONE = 1;
export const HIGHEST_ZONE = 13;

/** A stretch of half-zones, both ends included (5a..9a is { low: 11, high: 18 }). */
export interface ZoneSpan {
  low: number;
  high: number;
}

/**
 * What a product's `zones` text says: a span, nothing at all (an empty field), or text this rule cannot
 * read. Unreadable text is never taken for "grows nowhere": the product stays listed, marked as not checked.
 */
export type ZonesReading = { kind: 'span'; span: ZoneSpan } | { kind: 'none' } | { kind: 'unreadable' };

/** Longer text is not a zone range (and is not worth reading character by character). */
const MAX_ZONES_TEXT = 120;

/** One zone as written: 1-13 with an optional half (an a or b that is not the start of a word such as "and"). */
const ZONE = String.raw`(\d{1,2})\s*([ab](?![a-z]))?`;
/** What may stand before the zones: "USDA", "hardiness", "zone(s)", "Z", a colon. */
const LEAD = String.raw`(?:usda\s*)?(?:hardiness\s*)?(?:(?:zones?|z)\s*)?:?\s*`;
/** Between the two ends of a range: a dash of any kind (already made '-'), "to", "through", "thru". */
const RANGE_JOIN = String.raw`\s*(?:-|to|through|thru)\s*(?:zones?\s*)?`;
/** "4+", "4 and up", "4 and above", "4 and warmer": from that zone to the warmest. */
const AND_UP = String.raw`\s*(?:\+|and\s+up|and\s+above|and\s+warmer|or\s+warmer)`;

const RANGE_TEXT = new RegExp(`^${LEAD}${ZONE}(?:${RANGE_JOIN}${ZONE}|(${AND_UP}))?$`);
/** "3, 4, 5", "4/5", "5 & 6", "4, 5 and 6": a list of neighbouring zones. */
const LIST_TEXT = new RegExp(`^${LEAD}${ZONE}(?:\\s*(?:,|/|&|and)\\s*${ZONE})+$`);
const LIST_ITEM = new RegExp(ZONE, 'g');

/** The half-zone of a written zone: its colder half as a lower end, its warmer half as an upper end. */
function halfZone(zone: number, half: string | undefined, end: 'low' | 'high'): number | null {
  if (!Number.isInteger(zone) || zone < LOWEST_ZONE || zone > HIGHEST_ZONE) return null;
  if (half === 'a') return zone * 2;
  if (half === 'b') return zone * 2 + 1;
  return end === 'low' ? zone * 2 : zone * 2 + 1;
}

/**
 * The text as the patterns read it: lower case, every kind of dash (en, em, minus, hyphen) as '-', notes
 * in brackets dropped ("4-9 (protect in 4)" is 4-9), a trailing full stop dropped, spaces squeezed.
 */
function plainZonesText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')
    .replace(/[\u2010-\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d]/g, '-')
    .replace(/[.;]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads a product's `zones` text (see the file's comment); text in any other form is 'unreadable'. */
export function readZones(text: string): ZonesReading {
  if (text.trim() === '') return { kind: 'none' };
  if (text.length > MAX_ZONES_TEXT) return { kind: 'unreadable' };
  const plain = plainZonesText(text);
  if (plain === '') return { kind: 'unreadable' };

  const range = RANGE_TEXT.exec(plain);
  if (range) {
    const [, fromZone, fromHalf, toZone, toHalf, andUp] = range;
    const first = Number(fromZone);
    if (toZone === undefined) {
      const low = halfZone(first, fromHalf, 'low');
      const high = andUp ? HIGHEST_ZONE * 2 + 1 : halfZone(first, fromHalf, 'high');
      return low === null || high === null ? { kind: 'unreadable' } : { kind: 'span', span: { low, high } };
    }
    // Written the wrong way round ("8-3") it means the same range.
    const second = Number(toZone);
    const [coldZone, coldHalf, warmZone, warmHalf] =
      first * 2 + (fromHalf === 'b' ? 1 : 0) <= second * 2 + (toHalf === 'b' ? 1 : 0)
        ? [first, fromHalf, second, toHalf]
        : [second, toHalf, first, fromHalf];
    const low = halfZone(coldZone, coldHalf, 'low');
    const high = halfZone(warmZone, warmHalf, 'high');
    return low === null || high === null ? { kind: 'unreadable' } : { kind: 'span', span: { low, high } };
  }

  if (LIST_TEXT.test(plain)) {
    const spans: ZoneSpan[] = [];
    for (const [, zone, half] of plain.matchAll(LIST_ITEM)) {
      const low = halfZone(Number(zone), half, 'low');
      const high = halfZone(Number(zone), half, 'high');
      if (low === null || high === null) return { kind: 'unreadable' };
      spans.push({ low, high });
    }
    spans.sort((a, b) => a.low - b.low);
    // A list with a gap ("3, 7") does not say the zones between: reading it as 3-7 would claim too much.
    for (let i = 1; i < spans.length; i++) {
      if ((spans[i]?.low ?? 0) > (spans[i - 1]?.high ?? 0) + 1) return { kind: 'unreadable' };
    }
    return {
      kind: 'span',
      span: { low: spans[0]?.low ?? 0, high: Math.max(...spans.map((s) => s.high)) },
    };
  }
  return { kind: 'unreadable' };
}

/** The customer's zone as they typed it, tidied: "6a", "6b" or "6" (both halves). */
export interface HardinessZone {
  /** How it is shown and remembered: "6a", or "6" when the half was not given. */
  label: string;
  span: ZoneSpan;
}

const CUSTOMER_ZONE = new RegExp(String.raw`^(?:usda\s*)?(?:hardiness\s*)?(?:zone\s*)?:?\s*${ZONE}$`);

/** Reads the zone a customer types ("6a", "6", "Zone 6B"); null for anything else, with the message below. */
export function readHardinessZone(text: string): HardinessZone | null {
  const match = CUSTOMER_ZONE.exec(plainZonesText(text));
  if (!match) return null;
  const zone = Number(match[1]);
  const half = match[2];
  const low = halfZone(zone, half, 'low');
  const high = halfZone(zone, half, 'high');
  if (low === null || high === null) return null;
  return { label: `${zone}${half ?? ''}`, span: { low, high } };
}

export const HARDINESS_ZONE_PROBLEM =
  'Enter your USDA hardiness zone as a number from 1 to 13, with a or b if you know it (for example 6 or 6a).';

/**
 * How a product's zones meet the customer's zone:
 * - 'inside': every half of the customer's zone is in the product's range;
 * - 'edge': part of it is (a customer in "6" and a product rated to 6a);
 * - 'outside': none of it is;
 * - 'unknown': the product gives no zones, or text this rule cannot read.
 */
export type ZoneFit = 'inside' | 'edge' | 'outside' | 'unknown';

export function zoneFit(zones: ZonesReading, customer: ZoneSpan): ZoneFit {
  if (zones.kind !== 'span') return 'unknown';
  const { low, high } = zones.span;
  if (customer.low >= low && customer.high <= high) return 'inside';
  if (customer.high < low || customer.low > high) return 'outside';
  return 'edge';
}

/** The filter "grows in my zone" keeps everything but 'outside': a product it cannot check is never hidden. */
export function mayGrowInZone(fit: ZoneFit): boolean {
  return fit !== 'outside';
}

/** The words beside a product for the customer's zone (never colour alone). */
export function zoneFitText(fit: ZoneFit, zones: ZonesReading, zoneLabel: string): string {
  switch (fit) {
    case 'inside':
      return `Grows in your zone (${zoneLabel})`;
    case 'edge':
      return `Grows in only part of zone ${zoneLabel}`;
    case 'outside':
      return `Not rated for your zone (${zoneLabel})`;
    default:
      return zones.kind === 'none' ? 'Zone not given' : 'Zone not checked: see its zones';
  }
}
