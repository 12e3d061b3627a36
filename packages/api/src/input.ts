export type { FileAnswer } from '@nursery/domain';

import {
  idTooLarge,
  isWholeButTooLarge,
  numberTooLarge,
  queryFlag,
  queryNumberText,
  wholeNumberOf,
} from '@nursery/domain';
import { z } from 'zod';

// REST query strings carry every value as text; these accept the typed value from tRPC and the text from a
// query, reading it with the shop's one set of readers (packages/domain/src/queryText.ts).

export const queryBoolean = (what: string) => queryFlag(`${what} must be true or false.`);

const wholeNumber = (what: string, tooLarge: string) =>
  queryNumberText(`${what} must be a whole number.`).transform((v, ctx) => {
    const n = wholeNumberOf(v, { negative: true });
    if (Number.isNaN(n)) {
      const message = isWholeButTooLarge(v) ? tooLarge : `${what} must be a whole number.`;
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    return n;
  });

export const queryInt = (what: string) => wholeNumber(what, numberTooLarge(what));

export const queryId = (what: string) =>
  wholeNumber(what, idTooLarge(what)).refine((n) => n > 0, {
    error: `${what} must be a positive whole number.`,
  });

/** A file received from a multipart form; the REST adapter reads the `file` field into this shape. */
export const uploadedFileSchema = z.object({
  fileName: z.string().max(255),
  contentType: z.string().max(255),
  data: z.instanceof(Uint8Array, { error: 'a file is required' }),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * A file the REST adapter streamed to disk for a route whose upload is `toDisk`. A class, so only the adapter
 * can make one: JSON from a tRPC client never passes `instanceof`, so no caller can name a path of its own.
 */
export class StoredUpload {
  readonly fileName: string;
  readonly contentType: string;
  readonly path: string;
  readonly size: number;

  constructor(fileName: string, contentType: string, path: string, size: number) {
    this.fileName = fileName;
    this.contentType = contentType;
    this.path = path;
    this.size = size;
  }
}
/**
 * The file of a `toDisk` route, named by its REST call: a tRPC caller (JSON cannot carry a file) is told where
 * to send it instead of only that one is missing.
 */
export const storedUploadSchema = (restCall: string) =>
  z.custom<StoredUpload>((v) => v instanceof StoredUpload, {
    error: `a file is required: send it with ${restCall} as multipart/form-data, in the field named file (a tRPC call cannot carry one).`,
  });
