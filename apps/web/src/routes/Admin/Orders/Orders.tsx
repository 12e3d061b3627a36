import {
  displayPickUpDateShort,
  ORDER_DELETE_CONFIRM,
  ORDER_LIST_SORTS,
  ORDER_PICKUP_FILTERS,
  ORDER_RESTORE_CONFIRM,
  ORDER_TAX_FILTERS,
  type OrderPickupFilter,
  type OrderTaxFilter,
  SUCCESSFULLY_DELETED,
  SUCCESSFULLY_UPDATED,
} from '@nursery/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { DataTable, type ServerPaging, storedPageSize } from '../../../components/DataTable';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { downloadExport } from '../shared/download';
import type { OrderListItem } from '../shared/orders/types';
import { pickUpDaysQuery } from '../shared/pickUpDays';
import { useOptimisticFlags } from '../shared/useOptimisticFlags';
import { usePageTitle } from '../shared/usePageTitle';
import { OrderDetailsModal } from './OrderDetailsModal';
import { changeOrdersSearch } from './ordersSearch';
import { YearOverYearChart } from './YearOverYearChart';
import '../shared/orders/orders.css';
import './ordersList.css';

/** The spec: the season's orders load first and the deleted ones a second later, so the main list is not held up. */
export const DELETED_ORDERS_DELAY_MS = 1000;

function Icon({ name }: { name: 'edit' | 'trash' | 'restore' }) {
  const paths = {
    edit: 'M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z',
    trash: 'M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z',
    restore:
      'M13 3a9 9 0 0 0-9 9H1l3.89 3.89.07.14L9 12H6a7 7 0 1 1 2.05 4.95l-1.42 1.42A9 9 0 1 0 13 3zm-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8H12z',
  } as const;
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={paths[name]} />
    </svg>
  );
}

const orderDateColumn: ColumnDef<OrderListItem, unknown> = {
  id: 'createdTimestamp',
  accessorFn: (o) => o.createdTimestamp,
  header: 'Order Date',
  cell: ({ row }) => row.original.displayCreatedTimestamp,
  meta: { width: '7rem' },
};

interface RowActions {
  openDetails: (orderId: number) => void;
  setTaxExempt: (orderId: number, isTaxExempt: boolean) => void;
  askDelete: (orderId: number) => Promise<void>;
  askRestore: (orderId: number) => Promise<void>;
}

/** Shown only while the shop has pick-up days: which day the order is collected on. */
const pickUpDayColumn: ColumnDef<OrderListItem, unknown> = {
  // Named as the server's sort (ORDER_LIST_SORTS), so a click on the header sorts the list by the day.
  id: 'pickUpDate',
  accessorFn: (o) => o.pickUpDate,
  header: 'Pick-up Day',
  meta: { width: '6.5rem' },
  cell: ({ row }) =>
    row.original.pickUpDate ? (
      <span title={row.original.displayPickUpDay ?? undefined}>
        {displayPickUpDateShort(row.original.pickUpDate)}
      </span>
    ) : (
      <span className="text-muted">None</span>
    ),
};

function orderColumns(
  actions: RefObject<RowActions>,
  withPickUpDay: boolean,
): ColumnDef<OrderListItem, unknown>[] {
  return [
    {
      id: 'edit',
      header: () => <span className="sr-only">Edit</span>,
      enableSorting: false,
      meta: { width: '2.5rem' },
      cell: ({ row }) => (
        <Link
          to="/Admin/Orders/Edit/$orderId"
          params={{ orderId: String(row.original.orderId) }}
          className="btn btn-sm btn-link btn-icon"
          aria-label={`Edit order ${row.original.orderId}`}
          title="Edit order"
        >
          <Icon name="edit" />
        </Link>
      ),
    },
    { accessorKey: 'orderId', header: 'Order Id', meta: { width: '4.5rem', className: 'num' } },
    orderDateColumn,
    // Name and e-mail share what the fixed columns leave.
    { accessorKey: 'name', header: 'Customer Name' },
    {
      accessorKey: 'email',
      header: 'Customer Email',
      meta: { className: 'cell-ellipsis' },
      cell: ({ row }) => <span title={row.original.email}>{row.original.email}</span>,
    },
    { accessorKey: 'phoneNumber', header: 'Customer Phone Number', meta: { width: '8.5rem' } },
    ...(withPickUpDay ? [pickUpDayColumn] : []),
    {
      accessorKey: 'numItems',
      header: '# Items',
      cell: ({ row }) => row.original.displayNumItems,
      meta: { width: '4.5rem', className: 'num' },
    },
    { accessorKey: 'totalQuantity', header: 'Quantity', meta: { width: '5.5rem', className: 'num' } },
    {
      accessorKey: 'totalPrice',
      header: 'Order Total',
      cell: ({ row }) => row.original.displayTotalPrice,
      meta: { width: '6rem', className: 'num' },
    },
    {
      id: 'pickedUpTimestamp',
      accessorFn: (o) => o.pickedUpTimestamp ?? '',
      header: 'Picked Up',
      meta: { width: '7rem' },
      cell: ({ row }) => (
        <span title={row.original.pickedUpUsername ? `by ${row.original.pickedUpUsername}` : undefined}>
          {row.original.pickedUpTimestamp ? row.original.displayPickedUpTimestamp : 'Waiting'}
          {row.original.paidMethod ? (
            <span className="text-muted nowrap">
              {' '}
              · {row.original.displayPaid} {row.original.paidMethod}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'details',
      header: 'Order Details',
      enableSorting: false,
      meta: { width: '7rem' },
      cell: ({ row }) => (
        <span className="row-gap nowrap">
          <button
            type="button"
            className="btn btn-sm btn-info"
            onClick={() => actions.current.openDetails(row.original.orderId)}
          >
            Details...
          </button>
          <a
            className="btn btn-sm btn-link"
            href={`/Order/${row.original.orderId}/${encodeURIComponent(row.original.phoneNumber ?? '')}`}
            target="_blank"
            rel="noreferrer"
          >
            View
          </a>
        </span>
      ),
    },
    {
      accessorKey: 'isTaxExempt',
      header: 'Tax Exempt',
      meta: { width: '5rem', className: 'text-center' },
      cell: ({ row }) => (
        // The label is the switch's tap area: 44 px for a finger at pick-up, around an 18 px box.
        <label className="switch-target">
          <input
            type="checkbox"
            className="switch"
            checked={row.original.isTaxExempt}
            aria-label={`Order ${row.original.orderId} is tax exempt`}
            onChange={(event) => actions.current.setTaxExempt(row.original.orderId, event.target.checked)}
          />
        </label>
      ),
    },
    {
      id: 'delete',
      header: () => <span className="sr-only">Delete</span>,
      enableSorting: false,
      meta: { width: '2.75rem' },
      cell: ({ row }) => (
        <button
          type="button"
          className="btn btn-sm btn-link btn-icon text-danger"
          aria-label={`Delete order ${row.original.orderId}`}
          title="Delete order"
          onClick={() => actions.current.askDelete(row.original.orderId)}
        >
          <Icon name="trash" />
        </button>
      ),
    },
  ];
}

function deletedOrderColumns(actions: RefObject<RowActions>): ColumnDef<OrderListItem, unknown>[] {
  return [
    { accessorKey: 'orderId', header: 'Order Id', meta: { width: '4.5rem', className: 'num' } },
    orderDateColumn,
    {
      id: 'deletedTimestamp',
      accessorFn: (o) => o.deletedTimestamp ?? '',
      header: 'Deleted Date',
      cell: ({ row }) => row.original.displayDeletedTimestamp,
      meta: { width: '7rem' },
    },
    { accessorKey: 'deletedUsername', header: 'Deleted By' },
    { accessorKey: 'name', header: 'Name' },
    {
      accessorKey: 'email',
      header: 'Email',
      meta: { className: 'cell-ellipsis' },
      cell: ({ row }) => <span title={row.original.email}>{row.original.email}</span>,
    },
    { accessorKey: 'phoneNumber', header: 'Phone', meta: { width: '8.5rem' } },
    {
      accessorKey: 'numItems',
      header: '# Items',
      cell: ({ row }) => row.original.displayNumItems,
      meta: { width: '4.5rem', className: 'num' },
    },
    {
      id: 'restore',
      header: () => <span className="sr-only">Restore</span>,
      enableSorting: false,
      meta: { width: '2.75rem' },
      cell: ({ row }) => (
        <button
          type="button"
          className="btn btn-sm btn-link btn-icon"
          aria-label={`Restore order ${row.original.orderId}`}
          title="Restore order"
          onClick={() => actions.current.askRestore(row.original.orderId)}
        >
          <Icon name="restore" />
        </button>
      ),
    },
  ];
}

const ordersRoute = getRouteApi('/Admin/Orders');

/** How long after the last key the filter goes to the address (and the server): one request per pause. */
export const FILTER_DELAY_MS = 250;

export function AdminOrders() {
  usePageTitle('Orders - Admin');
  const queryClient = useQueryClient();
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

  const reloadBoth = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.orders.page.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.orders.allDeleted.pathKey() }),
    ]);

  const listKey = listOptions.queryKey;
  const setFlags = useMutation(
    trpc.orders.updateFlags.mutationOptions({
      onError: showApiFailure,
      onSuccess: (order) => {
        queryClient.setQueryData(listKey, (page) =>
          page
            ? {
                ...page,
                rows: page.rows.map((o) =>
                  o.orderId === order.orderId
                    ? {
                        ...o,
                        isTaxExempt: order.isTaxExempt,
                        totalPrice: order.total,
                        displayTotalPrice: order.displayTotal,
                        version: order.version,
                      }
                    : o,
                ),
              }
            : page,
        );
        notify.success(SUCCESSFULLY_UPDATED);
      },
    }),
  );

  const taxFlags = useOptimisticFlags();
  const setTaxExempt = (orderId: number, isTaxExempt: boolean) =>
    taxFlags.flip(orderId, isTaxExempt, (settled) =>
      setFlags.mutate({ orderId, isTaxExempt }, { onSettled: settled }),
    );

  const remove = useMutation(
    trpc.orders.delete.mutationOptions({
      onSuccess: () => notify.success(SUCCESSFULLY_DELETED),
      onError: showApiFailure,
      onSettled: reloadBoth,
    }),
  );
  const restore = useMutation(
    trpc.orders.restore.mutationOptions({
      onSuccess: () => notify.success(SUCCESSFULLY_UPDATED),
      onError: showApiFailure,
      onSettled: reloadBoth,
    }),
  );

  // A row deleted or restored by keyboard takes its focused button with it: focus then moves to the same
  // button in the row that took its place (or the one above), else to the list's count, never to the page top.
  const countRef = useRef<HTMLParagraphElement>(null);
  const deletedTitleRef = useRef<HTMLHeadingElement>(null);
  const refocus = useRef<{ orderId: number; list: 'orders' | 'deleted'; next: string | null } | null>(null);
  const planRefocus = (orderId: number, list: 'orders' | 'deleted', prefix: string) => {
    const row = document.activeElement?.closest('tr');
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector(
      `button[aria-label^="${prefix}"]`,
    );
    refocus.current = { orderId, list, next: neighbour?.getAttribute('aria-label') ?? null };
  };
  useEffect(() => {
    const plan = refocus.current;
    const rows = plan?.list === 'orders' ? orders.data?.rows : deleted.data;
    if (!plan || !rows || rows.some((o) => o.orderId === plan.orderId)) return;
    refocus.current = null;
    // Only when focus went with the row (or is still on the closing question); someone who has moved on
    // keeps their place.
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('[role="dialog"]')) return;
    const next = plan.next
      ? document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(plan.next)}"]`)
      : null;
    (next ?? (plan.list === 'orders' ? countRef.current : deletedTitleRef.current))?.focus();
  }, [orders.data, deleted.data]);

  const askDelete = async (orderId: number) => {
    planRefocus(orderId, 'orders', 'Delete order');
    if (await confirm(ORDER_DELETE_CONFIRM, { tone: 'danger', confirmText: 'Delete' }))
      remove.mutate(
        { orderId },
        {
          onError: () => {
            refocus.current = null;
          },
        },
      );
    else refocus.current = null;
  };
  const askRestore = async (orderId: number) => {
    planRefocus(orderId, 'deleted', 'Restore order');
    if (await confirm(ORDER_RESTORE_CONFIRM, { confirmText: 'Restore' }))
      restore.mutate(
        { orderId },
        {
          onError: () => {
            refocus.current = null;
          },
        },
      );
    else refocus.current = null;
  };

  const rows = useMemo(
    () =>
      (orders.data?.rows ?? []).map((o) => {
        const wanted = taxFlags.pending.get(o.orderId);
        return wanted === undefined ? o : { ...o, isTaxExempt: wanted };
      }),
    [orders.data, taxFlags.pending],
  );
  const server: ServerPaging = {
    total: orders.data?.total ?? 0,
    pageIndex: (search.page ?? 1) - 1,
    pageSize,
    sorting: [{ id: sort, desc: descending }],
    onPaginationChange: (next) => {
      if (next.pageSize !== pageSize) setPageSize(next.pageSize);
      void navigate({
        search: (prev) =>
          changeOrdersSearch(prev, {
            page: next.pageIndex > 0 && next.pageSize === pageSize ? next.pageIndex + 1 : undefined,
          }),
      });
    },
    onSortingChange: (sorting) => {
      const first = sorting[0];
      const column = ORDER_LIST_SORTS.find((c) => c === first?.id);
      void navigate({
        search: (prev) =>
          changeOrdersSearch(prev, {
            sort: column && column !== 'createdTimestamp' ? column : undefined,
            dir: first && !first.desc ? 'asc' : undefined,
            page: undefined,
          }),
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

  const [exporting, setExporting] = useState<null | 'yoy' | 'current'>(null);
  // Shown beside the exports on a desktop; folded on a phone, where it would push the list a screen down.
  const [showChart, setShowChart] = useState(() => window.matchMedia('(min-width: 768px)').matches);
  const runExport = async (which: 'yoy' | 'current') => {
    setExporting(which);
    if (which === 'yoy') await downloadExport('/Exports/GetYearOverYearExport', 'YearOverYearByMonth');
    else
      await downloadExport('/Exports/GetCurrentSeasonOrdersWithProducts', 'CurrentSeasonOrdersWithProducts');
    setExporting(null);
  };

  return (
    <div className="admin-orders">
      <h1>Orders - Admin</h1>
      {/* On a wide screen the chart sits beside the toolbar rather than under it, so the first order still shows
          on a 768 px tall screen (ordersList.css). */}
      <div className={`orders-top${showChart ? ' with-chart' : ''}`}>
        <div className="data-table-toolbar orders-toolbar">
          <div className="row-gap">
            <Link to="/Admin/Orders/Edit" className="btn btn-primary">
              Add Order...
            </Link>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={exporting !== null}
              onClick={() => runExport('yoy')}
            >
              {exporting === 'yoy' ? 'Exporting...' : 'Export Year Over Year'}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={exporting !== null}
              onClick={() => runExport('current')}
            >
              {exporting === 'current' ? 'Exporting...' : 'Export Current Orders'}
            </button>
            <button
              type="button"
              className="btn btn-link"
              aria-expanded={showChart}
              aria-controls={showChart ? 'orders-year-over-year' : undefined}
              onClick={() => setShowChart((v) => !v)}
            >
              {showChart ? 'Hide chart' : 'Year over year chart'}
            </button>
          </div>
          <div className="row-gap orders-filters">
            <label className="row-gap">
              <span className="sr-only">Season</span>
              <select
                className="form-select"
                aria-label="Season"
                value={season ?? ''}
                onChange={(event) =>
                  void navigate({
                    search: (prev) =>
                      changeOrdersSearch(prev, { season: Number(event.target.value), page: undefined }),
                  })
                }
                disabled={!seasons.data}
              >
                {(seasons.data?.seasons ?? []).map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <select
              className="form-select"
              aria-label="Tax exemption"
              value={tax}
              onChange={(event) => {
                const chosen = ORDER_TAX_FILTERS.find((f) => f === event.target.value);
                void navigate({
                  search: (prev) =>
                    changeOrdersSearch(prev, {
                      tax: chosen && chosen !== 'all' ? chosen : undefined,
                      page: undefined,
                    }),
                });
              }}
            >
              <option value="all">Taxed and exempt</option>
              <option value="exempt">Tax exempt only</option>
              <option value="taxed">Taxed only</option>
            </select>
            {(pickUpDays.data ?? []).length > 0 || pickUpDay !== 'all' ? (
              <select
                className="form-select"
                aria-label="Pick-up day"
                value={String(pickUpDay)}
                onChange={(event) => {
                  const value = event.target.value;
                  void navigate({
                    search: (prev) =>
                      changeOrdersSearch(prev, {
                        day: value === 'all' ? undefined : value === 'none' ? 'none' : Number(value),
                        page: undefined,
                      }),
                  });
                }}
              >
                <option value="all">Every pick-up day</option>
                {(pickUpDays.data ?? []).map((d) => (
                  <option key={d.pickUpDayId} value={d.pickUpDayId}>
                    {d.displayDate}
                  </option>
                ))}
                <option value="none">No pick-up day</option>
              </select>
            ) : null}
            <select
              className="form-select"
              aria-label="Pick-up"
              value={pickup}
              onChange={(event) => {
                const chosen = ORDER_PICKUP_FILTERS.find((f) => f === event.target.value);
                void navigate({
                  search: (prev) =>
                    changeOrdersSearch(prev, {
                      pickup: chosen && chosen !== 'all' ? chosen : undefined,
                      page: undefined,
                    }),
                });
              }}
            >
              <option value="all">Waiting and picked up</option>
              <option value="waiting">Waiting for pick-up</option>
              <option value="pickedUp">Picked up</option>
            </select>
            <input
              type="search"
              className="form-control"
              placeholder="Filter Orders..."
              aria-label="Filter Orders"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
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
        testId="deleted-orders-table"
      />
      <OrderDetailsModal orderId={detailsOf} onClose={() => setDetailsOf(null)} />
    </div>
  );
}
