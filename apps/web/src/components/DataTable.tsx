import {
  type ColumnDef,
  type FilterFn,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Row,
  type RowData,
  type SortingState,
  type Table,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useState } from 'react';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A fixed CSS width such as '8rem' or '15%'. */
    width?: string;
    /** Added to the header and every cell of the column, e.g. 'num' for right-aligned figures. */
    className?: string;
  }
}

/** The spec's page size options and default. */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_STORAGE_PREFIX = 'AW3';

export function pageSizeStorageKey(prefix?: string): string {
  return `${prefix ?? DEFAULT_STORAGE_PREFIX}_default_page_size`;
}

/** The user's stored page size when it is one of the options, else the default. */
export function storedPageSize(prefix?: string): number {
  try {
    const stored = Number(window.localStorage.getItem(pageSizeStorageKey(prefix)));
    return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

function storePageSize(size: number, prefix?: string): void {
  try {
    window.localStorage.setItem(pageSizeStorageKey(prefix), String(size));
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this table only.
  }
}

export interface DataTableProps<T> {
  data: readonly T[];
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column, as in the library's own examples.
  columns: ColumnDef<T, any>[];
  /** Text the whole table is filtered by, e.g. from a search box above it. */
  globalFilter?: string;
  globalFilterFn?: FilterFn<T>;
  initialSorting?: SortingState;
  /**
   * The screen's own order while the user has chosen no column (or has cleared the choice), e.g. relevance
   * while a search is typed and by name otherwise; a column the user sorts by wins over it.
   */
  defaultSorting?: SortingState;
  /** Overrides the stored and default page size, e.g. 20 on the order view. */
  pageSize?: number;
  /**
   * The page shown (0 for the first), when the screen keeps it (in the address, say); the table then reports
   * every change of it through onPageIndexChange instead of keeping it itself.
   */
  pageIndex?: number;
  onPageIndexChange?: (pageIndex: number) => void;
  /** Prefix of the localStorage key holding the user's page size choice. */
  storagePrefix?: string;
  /** False shows every row without a pager. */
  paginate?: boolean;
  /** Leaves the pager out while everything fits on one page (for short customer-facing tables). */
  pagerOnlyWhenNeeded?: boolean;
  emptyText?: ReactNode;
  caption?: ReactNode;
  getRowId?: (row: T, index: number) => string;
  rowClassName?: (row: Row<T>) => string | undefined;
  onRowClick?: (row: T) => void;
  /** Fixed column widths (from meta.width) with table-layout: fixed. */
  fixedLayout?: boolean;
  footer?: ReactNode;
  className?: string;
  testId?: string;
  /**
   * Filtered, sorted and paged by the server: `data` is one page, `total` how many rows there are in all,
   * and the page and sort are the screen's (in its address), changed through the callbacks.
   */
  server?: ServerPaging;
}

export interface ServerPaging {
  total: number;
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  onPaginationChange: (pagination: { pageIndex: number; pageSize: number }) => void;
  onSortingChange: (sorting: SortingState) => void;
}

/**
 * The shop's one table: sortable headers, a global filter, paging with the spec's page sizes and
 * the user's remembered choice, and a friendly line when there is nothing to show.
 */
export function DataTable<T>({
  data,
  columns,
  globalFilter,
  globalFilterFn,
  initialSorting = [],
  defaultSorting,
  pageSize,
  pageIndex: shownPage,
  onPageIndexChange,
  storagePrefix,
  paginate = true,
  pagerOnlyWhenNeeded = false,
  emptyText = 'No entries to show.',
  caption,
  getRowId,
  rowClassName,
  onRowClick,
  fixedLayout = false,
  footer,
  className,
  testId,
  server,
}: DataTableProps<T>) {
  const [chosenSorting, setSorting] = useState<SortingState>(initialSorting);
  const sorting = defaultSorting && chosenSorting.length === 0 ? defaultSorting : chosenSorting;
  const [ownPagination, setPagination] = useState(() => ({
    pageIndex: 0,
    pageSize: pageSize ?? storedPageSize(storagePrefix),
  }));
  const pagination =
    shownPage === undefined ? ownPagination : { pageIndex: shownPage, pageSize: ownPagination.pageSize };

  // A new filter text starts again on the first page, where the best matches are.
  const [filterSeen, setFilterSeen] = useState(globalFilter);
  if (filterSeen !== globalFilter) {
    setFilterSeen(globalFilter);
    setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }

  const serverPagination = server ? { pageIndex: server.pageIndex, pageSize: server.pageSize } : null;
  const table = useReactTable<T>({
    data: data as T[],
    columns,
    ...(server && serverPagination
      ? {
          state: { sorting: server.sorting, pagination: serverPagination },
          onSortingChange: (update) =>
            server.onSortingChange(typeof update === 'function' ? update(server.sorting) : update),
          onPaginationChange: (update) =>
            server.onPaginationChange(typeof update === 'function' ? update(serverPagination) : update),
          manualPagination: true,
          manualSorting: true,
          manualFiltering: true,
          rowCount: server.total,
        }
      : {
          state: { sorting, pagination, globalFilter: globalFilter ?? '' },
          // A click toggles the order shown, which may be the screen's default rather than a chosen one.
          onSortingChange: (update) => setSorting(typeof update === 'function' ? update(sorting) : update),
          onPaginationChange: (change) => {
            const next = typeof change === 'function' ? change(pagination) : change;
            setPagination(next);
            if (onPageIndexChange && next.pageIndex !== pagination.pageIndex)
              onPageIndexChange(next.pageIndex);
          },
          getSortedRowModel: getSortedRowModel(),
          getFilteredRowModel: getFilteredRowModel(),
          ...(paginate ? { getPaginationRowModel: getPaginationRowModel() } : {}),
          ...(globalFilterFn ? { globalFilterFn } : {}),
        }),
    getCoreRowModel: getCoreRowModel(),
    ...(getRowId ? { getRowId } : {}),
    autoResetPageIndex: false,
  });

  const rows = table.getRowModel().rows;
  const { pageIndex } = table.getState().pagination;
  const pageCount = Math.max(1, table.getPageCount());

  // Keep the page in range when rows disappear (a filter, a delete).
  useEffect(() => {
    // A list kept here: not while it has no rows at all (still loading), or a page asked for in the address
    // would be lost. A server's list knows its count from the answer.
    const known = server !== undefined || data.length > 0;
    if (paginate && known && pageIndex > 0 && pageIndex >= pageCount) table.setPageIndex(pageCount - 1);
  }, [paginate, server, data.length, pageIndex, pageCount, table]);
  const serverTotal = server?.total;

  return (
    <div className={`data-table${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div className="table-wrap">
        <table
          className="table table-striped table-hover"
          style={fixedLayout ? { tableLayout: 'fixed' } : undefined}
        >
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={meta?.className}
                      style={meta?.width ? { width: meta.width } : undefined}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span className="sort-indicator" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="data-table-empty">
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={rowClassName?.(row)}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cell.column.columnDef.meta?.className}
                      // Names the column beside its value where a screen lays rows out as cards (the order view on
                      // a phone): a table too wide for it would hide the prices in a sideways scroll.
                      data-label={
                        typeof cell.column.columnDef.header === 'string'
                          ? cell.column.columnDef.header
                          : undefined
                      }
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {footer ? <tfoot>{footer}</tfoot> : null}
        </table>
      </div>
      {paginate && !(pagerOnlyWhenNeeded && pageCount <= 1) ? (
        <TablePager
          table={table}
          unfiltered={globalFilter && !server ? data.length : undefined}
          total={serverTotal}
          pageSizeChoice={{ storagePrefix }}
        />
      ) : null}
    </div>
  );
}

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
