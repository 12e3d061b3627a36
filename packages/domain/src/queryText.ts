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
  return digits.test(value) ? Number(value) : Number.NaN;
}

/** Text or a number, trimmed; the message when it is neither. */
export function queryNumberText(message: string) {
  return z.union([z.number(), z.string().trim()], { error: message });
}
