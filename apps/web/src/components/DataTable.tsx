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
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useState } from 'react';
import { storedPageSize } from './pageSize';
import { TablePager } from './TablePager';

// Screens that keep their page in the address read the stored size before the table exists.
export { storedPageSize } from './pageSize';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A fixed CSS width such as '8rem' or '15%'. */
    width?: string;
    /** Added to the header and every cell of the column, e.g. 'num' for right-aligned figures. */
    className?: string;
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
