import type { Table } from '@tanstack/react-table';
import { PAGE_SIZE_OPTIONS, storePageSize } from './pageSize';

export interface TablePagerProps<T> {
  table: Table<T>;
  /** Rows before the filter, for "(filtered from N)"; undefined while nothing is filtered. */
  unfiltered?: number | undefined;
  /** Rows in all when the server pages the table (the table holds one page of them). */
  total?: number | undefined;
  /** What a row is called, one and many. */
  noun?: readonly [string, string];
  /** The page buttons' accessible name; two pagers on one screen need different ones. */
  label?: string;
  /** Offers the spec's page sizes and remembers the choice; without it the table's page size is fixed. */
  pageSizeChoice?: { storagePrefix?: string | undefined };
  /** The first- and last-page buttons (« and »). */
  edges?: boolean;
  /** Reads "Showing ..." out as it changes; one pager of a screen is enough. */
  announce?: boolean;
}

/** The shop's one pager, under DataTable and wherever a screen pages a TanStack table of its own. */
export function TablePager<T>({
  table,
  unfiltered,
  total,
  noun = ['entry', 'entries'],
  label = 'Table pages',
  pageSizeChoice,
  edges = true,
  announce = true,
}: TablePagerProps<T>) {
  const filteredCount = total ?? table.getFilteredRowModel().rows.length;
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const firstShown = filteredCount === 0 ? 0 : pageIndex * pageSize + 1;
  const lastShown = Math.min(filteredCount, (pageIndex + 1) * pageSize);
  const pageButtons = (
    <nav className="btn-group" aria-label={label}>
      {edges ? (
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => table.setPageIndex(0)}
          disabled={!table.getCanPreviousPage()}
          aria-label="First page"
        >
          «
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => table.previousPage()}
        disabled={!table.getCanPreviousPage()}
      >
        Previous
      </button>
      <span className="btn btn-sm" aria-current="page" style={{ cursor: 'default' }}>
        {pageIndex + 1} / {pageCount}
      </span>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => table.nextPage()}
        disabled={!table.getCanNextPage()}
      >
        Next
      </button>
      {edges ? (
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => table.setPageIndex(pageCount - 1)}
          disabled={!table.getCanNextPage()}
          aria-label="Last page"
        >
          »
        </button>
      ) : null}
    </nav>
  );
  return (
    <div className="data-table-pager">
      <div aria-live={announce ? 'polite' : undefined}>
        Showing {firstShown} to {lastShown} of {filteredCount} {filteredCount === 1 ? noun[0] : noun[1]}
        {unfiltered !== undefined && filteredCount !== unfiltered ? ` (filtered from ${unfiltered})` : ''}
      </div>
      {pageSizeChoice ? (
        <div className="row-gap">
          <label className="row-gap">
            <span>Show</span>
            <select
              className="form-select"
              value={pageSize}
              onChange={(event) => {
                const next = Number(event.target.value);
                storePageSize(next, pageSizeChoice.storagePrefix);
                table.setPagination({ pageIndex: 0, pageSize: next });
              }}
            >
              {PAGE_SIZE_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <span>rows</span>
          </label>
          {pageButtons}
        </div>
      ) : (
        pageButtons
      )}
    </div>
  );
}
