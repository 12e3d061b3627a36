import { ORDER_LIST_SORTS, type OrderPickupFilter, type OrderTaxFilter } from '@nursery/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { DataTable, type ServerPaging, storedPageSize } from '../../../components/DataTable';
import { trpc } from '../../../trpc';
import { pickUpDaysQuery } from '../shared/pickUpDays';
import { usePageTitle } from '../shared/usePageTitle';
import { OrderDetailsModal } from './OrderDetailsModal';
import { OrdersToolbar } from './OrdersToolbar';
import { deletedOrderColumns, orderColumns, type RowActions, tableMinWidth } from './orderColumns';
import { changeOrdersSearch, type OrdersSearch } from './ordersSearch';
import { useOrderRowActions } from './useOrderRowActions';
import { YearOverYearChart } from './YearOverYearChart';
import '../shared/orders/orders.css';
import './ordersList.css';

/** The spec: the season's orders load first and the deleted ones a second later, so the main list is not held up. */
export const DELETED_ORDERS_DELAY_MS = 1000;

const ordersRoute = getRouteApi('/Admin/Orders');

/** How long after the last key the filter goes to the address (and the server): one request per pause. */
export const FILTER_DELAY_MS = 250;

export function AdminOrders() {
  usePageTitle('Orders - Admin');
  const search = ordersRoute.useSearch();
  const navigate = ordersRoute.useNavigate();
  const seasons = useQuery(trpc.orders.seasons.queryOptions());
  const season = search.season ?? seasons.data?.currentSeason ?? null;
  const tax: OrderTaxFilter = search.tax ?? 'all';
  // The pick-up day column and filter show once the shop has days; a shop without any sees the list as before.
  const pickUpDays = useQuery(pickUpDaysQuery(trpc));
  const pickUpDay = search.day ?? 'all';
  const pickup: OrderPickupFilter = search.pickup ?? 'all';
  const sort = search.sort ?? 'createdTimestamp';
  const descending = (search.dir ?? 'desc') === 'desc';
  const [pageSize, setPageSize] = useState(() => storedPageSize());
  const [detailsOf, setDetailsOf] = useState<number | null>(null);
  const change = (next: { [K in keyof OrdersSearch]?: OrdersSearch[K] | undefined }) =>
    void navigate({ search: (prev) => changeOrdersSearch(prev, next) });

  // The box shows what is typed at once; the address (and so the list) follows after a pause. Back, or a
  // link, that brings another filter puts it in the box.
  const appliedText = search.q ?? '';
  const [text, setText] = useState(appliedText);
  const sentText = useRef(appliedText);
  if (appliedText !== sentText.current) {
    sentText.current = appliedText;
    setText(appliedText);
  }
  useEffect(() => {
    if (text === sentText.current) return;
    const timer = window.setTimeout(() => {
      sentText.current = text;
      // A new filter starts on the first page. Starting one adds a history entry (Back returns to the list
      // before it); going on typing replaces that entry rather than adding one per pause.
      void navigate({
        search: (prev) => changeOrdersSearch(prev, { q: text || undefined, page: undefined }),
        replace: appliedText !== '',
      });
    }, FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, appliedText, navigate]);

  // One page of the season's orders, filtered, sorted and counted by the server (docs/decisions.md).
  // Without a season in the address the server takes the current one, so the first page is asked for at
  // once, beside the season list rather than after it.
  const listInput = {
    ...(search.season === undefined ? {} : { season: search.season }),
    text: appliedText,
    tax,
    ...(pickUpDay === 'all' ? {} : { pickUpDay }),
    pickup,
    sort,
    desc: descending,
    page: (search.page ?? 1) - 1,
    pageSize,
  };
  const listOptions = trpc.orders.page.queryOptions(listInput);
  const orders = useQuery({
    ...listOptions,
    staleTime: 0,
    // The page shown stays until the next one arrives, so the table does not flash empty between pages.
    placeholderData: keepPreviousData,
  });
  // The chart waits for the list's first answer: it never shares the list's request nor delays it.
  const [listArrived, setListArrived] = useState(false);
  if (!listArrived && orders.isSuccess && !orders.isPlaceholderData) setListArrived(true);

  // The second counts from when the season's orders are asked for, which waits for the season list.
  const seasonKnown = season !== null;
  const [deletedWanted, setDeletedWanted] = useState(false);
  useEffect(() => {
    if (!seasonKnown) return;
    const timer = window.setTimeout(() => setDeletedWanted(true), DELETED_ORDERS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [seasonKnown]);
  // The filter in the box applies to both tables on the screen, by the server's one rule for it.
  const deleted = useQuery({
    ...trpc.orders.allDeleted.queryOptions(appliedText ? { text: appliedText } : undefined),
    enabled: deletedWanted,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

  const { setTaxExempt, pendingTax, askDelete, askRestore, countRef, deletedTitleRef } = useOrderRowActions({
    listKey: listOptions.queryKey,
    orders: orders.data?.rows,
    deleted: deleted.data,
  });

  const rows = useMemo(
    () =>
      (orders.data?.rows ?? []).map((o) => {
        const wanted = pendingTax.get(o.orderId);
        return wanted === undefined ? o : { ...o, isTaxExempt: wanted };
      }),
    [orders.data, pendingTax],
  );
  const server: ServerPaging = {
    total: orders.data?.total ?? 0,
    pageIndex: (search.page ?? 1) - 1,
    pageSize,
    sorting: [{ id: sort, desc: descending }],
    onPaginationChange: (next) => {
      if (next.pageSize !== pageSize) setPageSize(next.pageSize);
      change({ page: next.pageIndex > 0 && next.pageSize === pageSize ? next.pageIndex + 1 : undefined });
    },
    onSortingChange: (sorting) => {
      const first = sorting[0];
      const column = ORDER_LIST_SORTS.find((c) => c === first?.id);
      change({
        sort: column && column !== 'createdTimestamp' ? column : undefined,
        dir: first && !first.desc ? 'asc' : undefined,
        page: undefined,
      });
    },
  };

  // The columns are made once: a new cell function each render would make React rebuild every cell,
  // so a focused button or toggle vanished under the keyboard. The cells reach the current handlers here.
  const actions = useRef<RowActions>({ openDetails: setDetailsOf, setTaxExempt, askDelete, askRestore });
  actions.current = { openDetails: setDetailsOf, setTaxExempt, askDelete, askRestore };
  const withPickUpDay = (pickUpDays.data ?? []).length > 0;
  const columns = useMemo(() => orderColumns(actions, withPickUpDay), [withPickUpDay]);
  const deletedColumns = useMemo(() => deletedOrderColumns(actions), []);
  // Each table's least width, from its columns: below it the table scrolls sideways in its box (ordersList.css).
  const tableWidths = {
    '--orders-table-min': tableMinWidth(columns),
    '--deleted-orders-table-min': tableMinWidth(deletedColumns),
  } as CSSProperties;

  // Shown beside the exports on a desktop; folded on a phone, where it would push the list a screen down.
  const [showChart, setShowChart] = useState(() => window.matchMedia('(min-width: 768px)').matches);

  return (
    <div className="admin-orders" style={tableWidths}>
      <h1>Orders - Admin</h1>
      {/* On a wide screen the chart sits beside the toolbar rather than under it, so the first order still shows
          on a 768 px tall screen (ordersList.css). */}
      <div className={`orders-top${showChart ? ' with-chart' : ''}`}>
        <OrdersToolbar
          season={season}
          seasons={seasons.data?.seasons}
          tax={tax}
          pickUpDay={pickUpDay}
          pickUpDays={pickUpDays.data ?? []}
          pickup={pickup}
          text={text}
          onText={setText}
          onChange={change}
          showChart={showChart}
          onToggleChart={() => setShowChart((v) => !v)}
        />
        {/* Beside the exports it summarises; staff who want the list higher up can fold it away. */}
        {showChart ? (
          <div id="orders-year-over-year" className="orders-chart">
            <YearOverYearChart enabled={listArrived} />
          </div>
        ) : null}
      </div>
      <p className="orders-count" aria-live="polite" ref={countRef} tabIndex={-1}>
        {orders.data ? `Showing ${orders.data.total} Order(s)` : 'Loading...'}
      </p>
      {orders.isError ? <p className="alert alert-danger">{orders.error.message}</p> : null}
      <DataTable
        data={rows}
        columns={columns}
        server={server}
        getRowId={(o) => String(o.orderId)}
        fixedLayout
        caption="Orders"
        emptyText={orders.isPending ? 'Loading...' : 'No orders match.'}
        className="orders-list"
        testId="orders-table"
      />

      <h2 className="orders-deleted-title" ref={deletedTitleRef} tabIndex={-1}>
        Showing {deleted.data?.length ?? 0} Deleted Order(s)
      </h2>
      <DataTable
        data={deleted.data ?? []}
        columns={deletedColumns}
        initialSorting={[{ id: 'deletedTimestamp', desc: true }]}
        getRowId={(o) => String(o.orderId)}
        fixedLayout
        caption="Deleted orders"
        emptyText={
          deleted.isPending ? 'Loading...' : appliedText ? 'No deleted orders match.' : 'No deleted orders.'
        }
        className="deleted-orders-list"
        testId="deleted-orders-table"
      />
      <OrderDetailsModal orderId={detailsOf} onClose={() => setDetailsOf(null)} />
    </div>
  );
}
