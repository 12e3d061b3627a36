import { z } from 'zod';
import { queryId, queryInt } from './input.ts';

/** The most rows one page may ask for. */
export const MAX_PAGE_LIMIT = 1000;

/**
 * REST paging of the lists that grow with the shop (GetAllOrders, GetAllOrdersForSeason, GetAllDeletedOrders,
 * GetUserComments): `limit` rows at most, `after` the id of the last row of the page before. A cursor rather
 * than an offset, so an order placed while a caller pages neither repeats a row nor skips one.
 */
export const pageInputSchema = z.object({
  limit: queryInt('limit')
    .refine((n) => n >= 1 && n <= MAX_PAGE_LIMIT, {
      error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`,
    })
    .optional(),
  after: queryId('after').optional(),
});
export type PageInput = z.output<typeof pageInputSchema>;

/**
 * A list read in pages, in its own order, from the row after a known one: `read(after, limit)` answers at most
 * `limit` rows following the row whose id is `after` (from the start when null).
 */
export class PagedList<T> {
  private readonly read: (after: number | null, limit: number) => T[];
  private readonly idOf: (row: T) => number;
  readonly input: PageInput;

  constructor(
    read: (after: number | null, limit: number) => T[],
    idOf: (row: T) => number,
    input: PageInput = {},
  ) {
    this.read = read;
    this.idOf = idOf;
    this.input = input;
  }

  /** The page asked for and the id to continue after, null on the last page. */
  page(limit: number): { rows: T[]; next: number | null } {
    const rows = this.read(this.input.after ?? null, limit + 1);
    const more = rows.length > limit;
    if (more) rows.pop();
    const last = rows.at(-1);
    return { rows, next: more && last !== undefined ? this.idOf(last) : null };
  }

  /**
   * Every row from the cursor on, a chunk at a time, for writing out as it is read: memory holds one chunk,
   * however long the list. Each chunk is its own query (an open SQLite cursor would keep the connection
   * busy while the answer is written). 50 rows: a chunk's row objects are alive until its last piece is
   * written, and what V8's 4 MB young generation still holds at two collections moves to the old generation,
   * which grows until a full collection. Over 100,000 orders, 500-row chunks grew the server by tens of MB
   * per whole list, 100-row ones by about 50 MB on the third list, 50-row ones by 1-2 MB (they read through
   * prepared statements, so more reads cost little).
   */
  *chunks(size = 50): Generator<T[]> {
    let after = this.input.after ?? null;
    for (;;) {
      const rows = this.read(after, size);
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (rows.length < size || last === undefined) return;
      after = this.idOf(last);
    }
  }

  /**
   * What tRPC sends when it answers itself (a batch of several calls): the page when a limit was given, else
   * every row. A single call's whole list is written out as it is read instead (apps/server cachedProcedures.ts).
   */
  toJSON(): T[] {
    if (this.input.limit !== undefined) return this.page(this.input.limit).rows;
    const all: T[] = [];
    for (const chunk of this.chunks(5000)) for (const row of chunk) all.push(row);
    return all;
  }
}
