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

export const queryInt = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .refine((n) => Number.isSafeInteger(n), { error: `${what} must be a whole number` });

export const queryId = (what: string) =>
  queryInt(what).refine((n) => n > 0, { error: `${what} must be a positive whole number` });

/** A file received from a multipart form; the REST adapter reads the `file` field into this shape. */
export const uploadedFileSchema = z.object({
  fileName: z.string().max(255),
  contentType: z.string().max(255),
  data: z.instanceof(Uint8Array, { error: 'a file is required' }),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** What a procedure behind a file download answers; the REST adapter sends it as the response body. */
export interface FileAnswer {
  contentType: string;
  fileName: string;
  body: string | Uint8Array;
}
