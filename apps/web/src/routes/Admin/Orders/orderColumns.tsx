import { displayPickUpDateShort } from '@nursery/domain';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { RefObject } from 'react';
import type { OrderListItem } from '../shared/orders/types';

/**
 * The Orders screen's two tables: the season's orders and the deleted ones. Every column but the customer's
 * name and e-mail (and who deleted an order) has a fixed width; those share what is left, and never less than
 * their least width (`FLEXIBLE_COLUMN_REM`): below that the table scrolls sideways inside its box.
 * The fixed widths hold each column's longest word with its sort arrow, at the table's 0.92rem and 0.5rem
 * padding a side (ordersList.css), so no header runs into the next.
 */

/** The least width of the columns that share what is left: about 14 characters of a name or an e-mail. */
const FLEXIBLE_COLUMN_REM: Record<string, number> = { name: 8.25, email: 8.25, deletedUsername: 7 };

/** The least width (CSS) a table of these columns needs to show every one readable. */
export function tableMinWidth(columns: readonly ColumnDef<OrderListItem, unknown>[]): string {
  let rem = 0;
  for (const column of columns) {
    const fixed = /^(\d+(?:\.\d+)?)rem$/.exec(column.meta?.width ?? '');
    const id = column.id ?? ('accessorKey' in column ? String(column.accessorKey) : '');
    rem += fixed ? Number(fixed[1]) : (FLEXIBLE_COLUMN_REM[id] ?? 0);
  }
  return `${rem}rem`;
}

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
  meta: { width: '6.5rem' },
};

export interface RowActions {
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
  meta: { width: '6rem' },
  cell: ({ row }) =>
    row.original.pickUpDate ? (
      <span title={row.original.displayPickUpDay ?? undefined}>
        {displayPickUpDateShort(row.original.pickUpDate)}
      </span>
    ) : (
      <span className="text-muted">None</span>
    ),
};

export function orderColumns(
  actions: RefObject<RowActions>,
  withPickUpDay: boolean,
): ColumnDef<OrderListItem, unknown>[] {
  return [
    {
      id: 'edit',
      header: () => <span className="sr-only">Edit</span>,
      enableSorting: false,
      meta: { width: '3rem', className: 'cell-icon' },
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
    { accessorKey: 'orderId', header: 'Order Id', meta: { width: '4.25rem', className: 'num' } },
    orderDateColumn,
    // Name and e-mail share what the fixed columns leave.
    { accessorKey: 'name', header: 'Customer Name' },
    {
      accessorKey: 'email',
      header: 'Customer Email',
      meta: { className: 'cell-ellipsis' },
      cell: ({ row }) => <span title={row.original.email}>{row.original.email}</span>,
    },
    { accessorKey: 'phoneNumber', header: 'Customer Phone Number', meta: { width: '8rem' } },
    ...(withPickUpDay ? [pickUpDayColumn] : []),
    {
      accessorKey: 'numItems',
      header: '# Items',
      cell: ({ row }) => row.original.displayNumItems,
      meta: { width: '4.5rem', className: 'num' },
    },
    { accessorKey: 'totalQuantity', header: 'Quantity', meta: { width: '6rem', className: 'num' } },
    {
      accessorKey: 'totalPrice',
      header: 'Order Total',
      cell: ({ row }) => row.original.displayTotalPrice,
      meta: { width: '5.75rem', className: 'num' },
    },
    {
      id: 'pickedUpTimestamp',
      accessorFn: (o) => o.pickedUpTimestamp ?? '',
      header: 'Picked Up',
      meta: { width: '6.5rem' },
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
      meta: { width: '6.25rem' },
      // Details and View one above the other where the column is narrow.
      cell: ({ row }) => (
        <span className="row-gap">
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
      meta: { width: '5.75rem', className: 'text-center' },
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
      meta: { width: '3rem', className: 'cell-icon' },
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

export function deletedOrderColumns(actions: RefObject<RowActions>): ColumnDef<OrderListItem, unknown>[] {
  return [
    { accessorKey: 'orderId', header: 'Order Id', meta: { width: '4.25rem', className: 'num' } },
    orderDateColumn,
    {
      id: 'deletedTimestamp',
      accessorFn: (o) => o.deletedTimestamp ?? '',
      header: 'Deleted Date',
      cell: ({ row }) => row.original.displayDeletedTimestamp,
      meta: { width: '6.5rem' },
    },
    { accessorKey: 'deletedUsername', header: 'Deleted By' },
    { accessorKey: 'name', header: 'Name' },
    {
      accessorKey: 'email',
      header: 'Email',
      meta: { className: 'cell-ellipsis' },
      cell: ({ row }) => <span title={row.original.email}>{row.original.email}</span>,
    },
    { accessorKey: 'phoneNumber', header: 'Phone', meta: { width: '7.5rem' } },
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
      meta: { width: '3rem', className: 'cell-icon' },
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
