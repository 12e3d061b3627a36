import { ProductStatus, SUCCESSFULLY_UPDATED } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSingleFlight } from '../../../lib/singleFlight';
import { PLANT_SEARCH_KEYS, useFuzzyProducts } from '../shared/catalog/fuzzy';
import { ProductListState } from '../shared/catalog/ProductListState';
import type { AdminProduct } from '../shared/catalog/types';
import { useAdminProducts, useReloadCatalog } from '../shared/catalog/useAdminProducts';
import { exportStock } from './exportStock';
import { type HistoryState, StockItem } from './StockItem';
import { StockSummaryModal, type SummaryLine } from './StockSummaryModal';
import { type PendingChanges, savableChanges, stepped, withPending } from './stockInput';
import '../shared/catalog/catalog.css';
import { confirm } from '../../../components/ConfirmDialog';
import { TablePager } from '../../../components/TablePager';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { ListFilter } from '../shared/ListFilter';
import { useListSearch } from '../shared/useListSearch';

/** The spec's stock list page. */
const STOCK_PAGE_SIZE = 25;
const BY_NAME: SortingState = [{ id: 'name', desc: false }];
const BY_RELEVANCE: SortingState = [];

export function AdminStock() {
  const products = useAdminProducts();
  const reloadCatalog = useReloadCatalog();
  const queryClient = useQueryClient();
  const list = useListSearch();
  const filter = list.text;
  const [pending, setPending] = useState<PendingChanges>({});
  const [histories, setHistories] = useState<Readonly<Record<number, HistoryState>>>({});
  const [loadingHistory, setLoadingHistory] = useState<ReadonlySet<number>>(new Set());
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [notes, setNotes] = useState<Readonly<Record<number, string>>>({});
  const reviewId = useId();
  // Who waits for which product, for the hint that a restocked Sold Out product reaches them only once Active.
  const waitlist = useQuery(trpc.waitlist.waiting.queryOptions());
  const waitingFor = useMemo(
    () => new Map((waitlist.data ?? []).map((w) => [w.productId, w.waiting])),
    [waitlist.data],
  );

  // Special-order products are one-off lines on an order; there is no stock to count for them.
  const stocked = useMemo(
    () => (products.data ?? []).filter((p) => p.productStatus !== ProductStatus.SpecialOrder),
    [products.data],
  );
  const search = useFuzzyProducts(stocked, PLANT_SEARCH_KEYS, filter);
  const pagination = { pageIndex: list.pageIndex, pageSize: STOCK_PAGE_SIZE };
  const table = useReactTable({
    data: search.ordered as AdminProduct[],
    columns: [{ id: 'name', accessorKey: 'name' }],
    // By name, or best match first while a filter is typed (the rows come in that order; no column sorts).
    state: { globalFilter: filter, pagination, sorting: search.filtering ? BY_RELEVANCE : BY_NAME },
    onPaginationChange: (change) => {
      const next = typeof change === 'function' ? change(pagination) : change;
      if (next.pageIndex !== pagination.pageIndex) list.setPageIndex(next.pageIndex);
    },
    globalFilterFn: search.filterFn,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId: (p) => String(p.productId),
    autoResetPageIndex: false,
  });
  const pageCount = Math.max(1, table.getPageCount());
  // Keep the page in range when rows go (a filter, a save), but not while the list is still loading: a page
  // asked for in the address would be lost.
  const { setPageIndex } = list;
  useEffect(() => {
    if (stocked.length > 0 && pagination.pageIndex >= pageCount) setPageIndex(pageCount - 1);
  }, [stocked.length, pageCount, pagination.pageIndex, setPageIndex]);

  const byId = useMemo(() => new Map(stocked.map((p) => [p.productId, p])), [stocked]);
  const summaryLines: SummaryLine[] = savableChanges(pending).flatMap((c) => {
    const product = byId.get(c.productId);
    return product
      ? [{ product, changeInStock: c.changeInStock, waiting: waitingFor.get(c.productId) ?? 0 }]
      : [];
  });

  // A morning's count typed in and not yet saved is not lost to a slip on the navigation.
  const unsavedCount = Object.keys(pending).length;
  useBlocker({
    disabled: unsavedCount === 0,
    enableBeforeUnload: () => unsavedCount > 0,
    // A new filter or page (the address's query) stays on this screen, with the changes.
    shouldBlockFn: async ({ current, next }) =>
      next.pathname !== current.pathname &&
      !(await confirm(
        `Stock changes for ${unsavedCount} product${unsavedCount === 1 ? '' : 's'} are not saved yet. Leave this screen and lose them?`,
        { tone: 'warning', confirmText: 'Leave', cancelText: 'Stay' },
      )),
  });

  const loadHistory = async (id: number) => {
    setLoadingHistory((s) => new Set(s).add(id));
    try {
      const entries = await queryClient.fetchQuery({
        ...trpc.stock.history.queryOptions({ productId: id }),
        staleTime: 0,
      });
      setHistories((h) => ({ ...h, [id]: { entries, shown: true } }));
    } catch (error) {
      showApiFailure(error);
    } finally {
      setLoadingHistory((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  const save = useMutation(
    trpc.stock.insertUpdates.mutationOptions({
      onSuccess: (_, updates) => {
        const touched = new Set(updates.map((u) => u.productId));
        notify.success(SUCCESSFULLY_UPDATED);
        setPending({});
        setSummaryOpen(false);
        // The touched products' histories are out of date; they load afresh when asked for.
        setHistories((h) => Object.fromEntries(Object.entries(h).filter(([id]) => !touched.has(Number(id)))));
        void reloadCatalog();
      },
      onError: showApiFailure,
    }),
  );
  // An instant double-click on Update Stock must not add every change twice: isPending shows only after a
  // render, so the guard is set synchronously.
  const once = useSingleFlight();
  const submitSummary = () => {
    if (save.isPending || summaryLines.length === 0) return;
    once(() =>
      save.mutateAsync(
        summaryLines.map(({ product, changeInStock }) => ({
          productId: product.productId,
          changeInStock,
          notes: notes[product.productId]?.trim() || null,
        })),
      ),
    );
  };

  const filtered = table.getFilteredRowModel().rows.length;
  const pager = (where: 'top' | 'bottom') => (
    <TablePager
      table={table}
      noun={['product', 'products']}
      label={`Stock pages, ${where}`}
      edges={false}
      announce={where === 'top'}
    />
  );

  return (
    <section>
      <h1>Stock - Admin</h1>
      <div className="admin-toolbar">
        <ListFilter list={list} noun="Products" />
        <span className="spacer" />
        <button type="button" className="btn btn-outline" onClick={() => void exportStock()}>
          Export Stock
        </button>
        {/* aria-disabled, not disabled: after a save empties the list, the summary hands focus back here. */}
        <button
          type="button"
          className="btn btn-primary"
          id={reviewId}
          onClick={() => {
            if (summaryLines.length > 0) setSummaryOpen(true);
          }}
          aria-disabled={summaryLines.length === 0}
        >
          Review Stock Changes{summaryLines.length > 0 ? ` (${summaryLines.length})` : ''}
        </button>
      </div>
      <ProductListState products={products}>
        {() => (
          <>
            {pager('top')}
            <ul className="stock-list" data-testid="stock-list">
              {table.getRowModel().rows.map((row) => (
                <StockItem
                  key={row.id}
                  product={row.original}
                  text={pending[row.original.productId] ?? ''}
                  onText={(text) => setPending((p) => withPending(p, row.original.productId, text))}
                  onStep={(step) => setPending((p) => stepped(p, row.original.productId, step))}
                  onReset={() => setPending((p) => withPending(p, row.original.productId, ''))}
                  waiting={waitingFor.get(row.original.productId) ?? 0}
                  history={histories[row.original.productId]}
                  historyLoading={loadingHistory.has(row.original.productId)}
                  onLoadHistory={() => void loadHistory(row.original.productId)}
                  onToggleHistory={() =>
                    setHistories((h) => {
                      const current = h[row.original.productId];
                      return current
                        ? { ...h, [row.original.productId]: { ...current, shown: !current.shown } }
                        : h;
                    })
                  }
                />
              ))}
              {filtered === 0 ? (
                <li className="data-table-empty">
                  {stocked.length === 0
                    ? 'No products yet: add them on the Products screen.'
                    : 'No products match the filter.'}
                </li>
              ) : null}
            </ul>
            {pager('bottom')}
            {summaryLines.length > 0 ? (
              <div className="review-bar">
                <button
                  type="button"
                  className="btn btn-primary btn-lg"
                  onClick={(event) => {
                    // The bar leaves once the changes are saved; the toolbar's button takes focus back then.
                    document.getElementById(reviewId)?.focus({ preventScroll: true });
                    event.preventDefault();
                    setSummaryOpen(true);
                  }}
                >
                  Review Stock Changes ({summaryLines.length})
                </button>
              </div>
            ) : null}
          </>
        )}
      </ProductListState>
      <StockSummaryModal
        open={summaryOpen}
        lines={summaryLines}
        notes={notes}
        onNotes={(id, text) => setNotes((n) => ({ ...n, [id]: text }))}
        saving={save.isPending}
        onSave={submitSummary}
        onClose={() => setSummaryOpen(false)}
        onExited={() => setNotes({})}
      />
    </section>
  );
}
