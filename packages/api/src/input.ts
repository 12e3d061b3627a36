export type { FileAnswer } from '@nursery/domain';

import { z } from 'zod';

// REST query strings carry every value as text; these accept the typed value from tRPC and the text from a query.

export const queryBoolean = z.union(
  [
    z.boolean(),
    z
      .enum(['true', 'false', 'True', 'False', '1', '0'])
      .transform((v) => v === 'true' || v === 'True' || v === '1'),
  ],
  // On the union itself: zod reports a failed union as 'Invalid input', which nobody can act on.
  { error: 'must be true or false' },
);

/**
 * Decimal digits only (an optional minus sign): Number() would also read '0x1d' as 29, '1e2' as 100 and
 * '' as 0, so a typo could act on another product than the one meant.
 */
export const queryInt = (what: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${what} must be a whole number.` })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n)) {
        ctx.issues.push({ code: 'custom', message: `${what} must be a whole number.`, input: v });
        return z.NEVER;
      }
      return n;
    });

export const queryId = (what: string) =>
  queryInt(what).refine((n) => n > 0, { error: `${what} must be a positive whole number.` });

/** A file received from a multipart form; the REST adapter reads the `file` field into this shape. */
export const uploadedFileSchema = z.object({
  fileName: z.string().max(255),
  contentType: z.string().max(255),
  data: z.instanceof(Uint8Array, { error: 'a file is required' }),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
