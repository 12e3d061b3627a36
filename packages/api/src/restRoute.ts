import type { AnyProcedure } from '@trpc/server';
import type { IDEMPOTENT_CREATE_PATHS } from './idempotency/service.ts';
import type { AppRouter } from './router.ts';
import type { PUBLIC_PROCEDURE_PATHS } from './trpc.ts';

/** The dotted paths of a router's procedures, e.g. 'orders.submit'. */
type PathsOf<TRecord, TPrefix extends string = ''> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyProcedure
    ? `${TPrefix}${K}`
    : PathsOf<TRecord[K], `${TPrefix}${K}.`>;
}[keyof TRecord & string];

/**
 * A reference into the router's type: every procedure the app has, and nothing else, so a row that names
 * a procedure that does not exist (or was renamed) fails the type check instead of the server's start.
 */
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

type MustHold<T extends true> = T;
/** Fails the type check when a public path in trpc.ts names no procedure (a typo, a rename). */
export type PublicPathsAreProcedures = MustHold<
  (typeof PUBLIC_PROCEDURE_PATHS)[number] extends ProcedurePath ? true : false
>;
/** Likewise for the creates that take an Idempotency-Key. */
export type IdempotentCreatesAreProcedures = MustHold<
  (typeof IDEMPOTENT_CREATE_PATHS)[number] extends ProcedurePath ? true : false
>;

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The spec's path, e.g. /api/v1/Orders/Submit. */
  path: string;
  /** The tRPC procedure this path calls, e.g. orders.submit. Public or staff-only is decided by the procedure. */
  procedure: ProcedurePath;
  /**
   * Where the procedure's input comes from: nothing, the query string, the JSON body,
   * or a multipart form whose `file` field becomes `file` (query values are merged in).
   */
  input: 'none' | 'query' | 'body' | 'multipart';
  /**
   * For 'multipart': the configured cap of its file, which the upload is read against as it streams in (413
   * once past it, the rest never read), and the words of that answer.
   */
  upload?: {
    maxBytes: 'pdfMaxBytes' | 'restoreMaxBytes' | 'catalogSheetMaxBytes';
    variable: string;
    what: string;
    /**
     * Streamed into the data folder instead of memory, and handed to the procedure as a StoredUpload (a
     * backup of any size never sits in memory); the file is removed when the call ends.
     */
    toDisk?: boolean;
  };
  /**
   * The procedure answers a PagedList: `limit` and `after` page it (RFC 8288 Link header rel="next"), and
   * without `limit` the whole list is written out as it is read. The OpenAPI document says so.
   */
  paged?: boolean;
  /**
   * 'file' sends the procedure's FileAnswer as the body itself (its bytes, with Content-Type and
   * Content-Disposition) instead of the {success, message, data} envelope. 'workbook' is a spreadsheet export:
   * the procedure's FileAnswer body is already base64 text (the specification's base64 body), sent inside the
   * envelope as an ExportWorkbook {fileName, contentType, base64}.
   */
  respond?: 'envelope' | 'file' | 'workbook';
  /**
   * For 'file' and 'workbook' answers, for the OpenAPI document: the file's media type, what it is, and for a
   * workbook a name the shop gives it (the example's fileName).
   */
  file?: { contentType: string; description: string; exampleName?: string };
  /**
   * Refusals this call can give beyond those every call of its kind can (400 for input, 401/403 when
   * staff-only, 404 when it names a row by id, 413/415 for a body): what the OpenAPI document lists.
   */
  refusals?: readonly ('not_found' | 'conflict' | 'too_many')[];
  summary: string;
  tag: string;
  successMessage?: string;
}
