import { mailtoHref, relativeTime } from '@nursery/domain';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/DataTable';
import { Modal } from '../../../components/Modal';
import { trpc } from '../../../trpc';
import type { OrderLine } from '../shared/orders/types';
import { paymentText, pickupStatusText } from '../shared/pickup/pickupText';
import './ordersList.css';
import { CloseFooter } from '../../../components/ModalFooters';

const lineColumns: ColumnDef<OrderLine, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'productSize', header: 'Size' },
  { accessorKey: 'productType', header: 'Product Type' },
  { accessorKey: 'quantity', header: 'Quantity', meta: { className: 'num' } },
  {
    accessorKey: 'unitPrice',
    header: 'Unit Price',
    cell: ({ row }) => row.original.displayUnitPrice,
    meta: { className: 'num' },
  },
  {
    accessorKey: 'price',
    header: 'Subtotal',
    cell: ({ row }) => row.original.displayPrice,
    meta: { className: 'num' },
  },
];

/** The Order Details modal of the orders list; loads the order when it opens. */
export function OrderDetailsModal({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const details = useQuery({
    ...trpc.orders.detailsById.queryOptions({ orderId: orderId ?? 0 }),
    enabled: orderId !== null,
    staleTime: 0,
  });
  const order = details.data;
  return (
    <Modal
      open={orderId !== null}
      onClose={onClose}
      title={orderId === null ? 'Order Details' : `Order Details: ${orderId}`}
      size="lg"
      testId="order-details"
      footer={<CloseFooter onClose={onClose} />}
    >
      {!order || details.isFetching ? (
        details.isError ? (
          <p className="alert alert-danger">{details.error.message}</p>
        ) : (
          <p className="loading-block">Loading...</p>
        )
      ) : (
        <>
          <dl className="order-facts">
            <dt>Order Id</dt>
            <dd>{order.orderId}</dd>
            <dt>Name</dt>
            <dd>{order.name}</dd>
            <dt>Phone Number</dt>
            <dd>{order.phoneNumber}</dd>
            {order.workPhoneNumber ? (
              <>
                <dt>Work Phone Number</dt>
                <dd>{order.workPhoneNumber}</dd>
              </>
            ) : null}
            <dt>Email</dt>
            <dd>{order.email ? <a href={mailtoHref(order.email)}>{order.email}</a> : null}</dd>
            <dt>Order Placed On</dt>
            <dd>
              {order.displayCreatedTimestamp}{' '}
              <span className="text-muted">({relativeTime(new Date(order.createdTimestamp))})</span>
            </dd>
            {order.displayPickUpDay ? (
              <>
                <dt>Pick-up Day</dt>
                <dd>{order.displayPickUpDay}</dd>
              </>
            ) : null}
            <dt>Picked Up</dt>
            <dd>{pickupStatusText(order)}</dd>
            <dt>Payment</dt>
            <dd>
              {paymentText(order)}
              {order.paidUsername ? (
                <span className="text-muted">
                  {' '}
                  ({order.displayPaidTimestamp}, {order.paidUsername})
                </span>
              ) : null}
            </dd>
            <dt>Comments</dt>
            <dd className="order-comments">{order.comments ?? ''}</dd>
            {order.isTaxExempt ? (
              <>
                <dt>Tax</dt>
                <dd>Tax exempt</dd>
              </>
            ) : null}
          </dl>
          <DataTable
            data={order.products}
            columns={lineColumns}
            initialSorting={[{ id: 'productType', desc: false }]}
            paginate={false}
            caption={`Products of order ${order.orderId}`}
            className="order-details-lines"
            getRowId={(line) => String(line.orderProductXrefId)}
            emptyText="This order has no products."
          />
          <p className="text-right order-total-line">
            {order.isTaxExempt ? (
              <strong>Total {order.displayTotal}</strong>
            ) : (
              <>
                Subtotal {order.displaySubtotal} · Tax {order.displayTax} ·{' '}
                <strong>Total {order.displayTotal}</strong>
              </>
            )}
          </p>
        </>
      )}
    </Modal>
  );
}
