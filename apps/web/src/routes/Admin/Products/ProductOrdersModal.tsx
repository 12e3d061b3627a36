import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../../components/DataTable';
import { Modal } from '../../../components/Modal';
import { trpc } from '../../../trpc';
import type { AdminProduct, ProductOrderLine } from '../shared/catalog/types';
import '../shared/orders/orders.css';
import { CloseFooter } from '../../../components/ModalFooters';

/** 'Orders for {product name}': every order that has the product, newest first. */
export function ProductOrdersModal({
  product,
  onClose,
}: {
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const orders = useQuery({
    ...trpc.catalog.productOrders.queryOptions({ productId: product?.productId ?? 0 }),
    enabled: product !== null,
    staleTime: 0,
  });
  const columns = useMemo<ColumnDef<ProductOrderLine>[]>(
    () => [
      {
        id: 'createdTimestamp',
        header: 'Order Date',
        accessorKey: 'createdTimestamp',
        cell: ({ row }) => row.original.displayCreatedDate,
      },
      {
        id: 'orderId',
        header: 'Order Id',
        accessorKey: 'orderId',
        // The phone segment is empty when the order has none, as the spec's link does.
        cell: ({ row }) => (
          <a href={`/Order/${row.original.orderId}/${encodeURIComponent(row.original.phoneNumber ?? '')}`}>
            {row.original.orderId}
          </a>
        ),
      },
      { id: 'quantity', header: 'Quantity', accessorKey: 'quantity', meta: { className: 'text-right' } },
      {
        id: 'price',
        header: 'Price',
        accessorKey: 'price',
        cell: ({ row }) => row.original.displayPrice,
        meta: { className: 'text-right' },
      },
      { id: 'name', header: 'Name', accessorKey: 'name' },
      { id: 'email', header: 'Email', accessorKey: 'email' },
    ],
    [],
  );
  return (
    <Modal
      open={product !== null}
      onClose={onClose}
      title={`Orders for ${product?.name ?? ''}`}
      size="lg"
      testId="product-orders-modal"
      footer={<CloseFooter onClose={onClose} />}
    >
      {orders.isPending ? (
        <div className="loading-block">
          <span className="spinner" aria-hidden="true" /> Loading...
        </div>
      ) : orders.isError ? (
        <div className="alert alert-danger">The orders could not be loaded: {orders.error.message}</div>
      ) : (
        <DataTable
          data={orders.data}
          columns={columns}
          initialSorting={[{ id: 'createdTimestamp', desc: true }]}
          getRowId={(o) => String(o.orderId)}
          emptyText="No orders include this product."
          caption={`Orders for ${product?.name ?? ''}`}
          className="admin-product-orders"
        />
      )}
    </Modal>
  );
}
