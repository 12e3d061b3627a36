import { z } from 'zod';

/**
 * Values from a query string arrive as text; the same schemas take the typed value from JSON and tRPC.
 * These are the shop's only readers of such text, so "1", "True" and "0x1d" mean the same everywhere.
 */

const TRUE_TEXT = ['true', 'True', '1'] as const;
const FALSE_TEXT = ['false', 'False', '0'] as const;

/** A yes/no from JSON (true) or a query string ('true', 'True', '1', and their opposites). */
export function queryFlag(message: string) {
  return z
    .union([z.boolean(), z.enum([...TRUE_TEXT, ...FALSE_TEXT])], {
      // On the union itself: zod reports a failed union as 'Invalid input', which nobody can act on.
      error: message,
    })
    .transform((v) => v === true || (TRUE_TEXT as readonly unknown[]).includes(v));
}

/**
 * A whole number from JSON or from decimal digits (an optional minus sign when `negative`); NaN otherwise.
 * Number() would also read '0x1d' as 29, '1e2' as 100 and '' as 0, so a typo could act on another row.
 */
export function wholeNumberOf(value: number | string, options: { negative?: boolean } = {}): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : Number.NaN;
  const digits = options.negative ? /^-?\d+$/ : /^\d+$/;
  if (!digits.test(value)) return Number.NaN;
  // Past 2^53 - 1 a double no longer holds every whole number: '12345678901234567890' read as ...7000 would
  // name a row the caller never asked for.
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/**
 * A whole number (decimal digits, or a whole JSON number) too large for wholeNumberOf to read exactly. It is
 * still a whole number, so "must be a whole number" would be untrue: no id, count or year of the shop is that
 * large, and the messages below say so.
 */
export function isWholeButTooLarge(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) && !Number.isSafeInteger(Number(value));
}

/** The message for an id past the largest whole number the shop reads: no row has such an id. */
export const idTooLarge = (what: string) => `${what} is larger than any the shop has.`;

/** The message for any other number past the largest the shop reads. */
export const numberTooLarge = (what: string) =>
  `${what} is too large: the largest number the shop reads is ${Number.MAX_SAFE_INTEGER}.`;

/** Text or a number, trimmed; the message when it is neither. */
export function queryNumberText(message: string) {
  return z.union([z.number(), z.string().trim()], { error: message });
}
