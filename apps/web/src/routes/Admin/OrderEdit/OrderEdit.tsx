import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { trpc } from '../../../trpc';
import { orderIdParam, orderQuery } from '../queries';
import { OrderEditor } from './OrderEditor';
import { OrderEmails } from './OrderEmails';
import { orderEditTitle } from './title';
import '../shared/orders/orders.css';
import './orderEdit.css';

/** /Admin/Orders/Edit (a new order) and /Admin/Orders/Edit/{orderId}. */
export function AdminOrderEdit() {
  const params = useParams({ strict: false }) as { orderId?: string };
  const orderId = orderIdParam(params.orderId);
  const title = orderEditTitle(params.orderId);
  const order = useQuery({ ...orderQuery(trpc, orderId ?? 0), enabled: orderId !== null });

  let body: ReactNode;
  if (params.orderId && orderId === null) {
    // A mistyped address must not quietly become a new order: it reads like an order number nobody has.
    body = <p className="alert alert-danger">There is no order number {params.orderId}.</p>;
  } else if (orderId === null) {
    body = <OrderEditor key="new" order={null} />;
  } else if (order.isError) {
    body = <p className="alert alert-danger">{order.error.message}</p>;
  } else if (!order.data) {
    body = <p className="loading-block">Loading Order...</p>;
  } else if (order.data.deletedTimestamp) {
    body = (
      <p className="alert alert-warning">
        This order was deleted by {order.data.deletedUsername ?? 'someone'} on{' '}
        {order.data.displayDeletedTimestamp}. Restore it on the <Link to="/Admin/Orders">orders list</Link>{' '}
        before changing it.
      </p>
    );
  } else {
    // A new version (after a save) starts the form afresh from what the server stored.
    body = <OrderEditor key={`${order.data.orderId}-${order.data.version}`} order={order.data} />;
  }

  return (
    <div className="admin-order-edit">
      <p className="breadcrumb">
        <Link to="/Admin/Orders">Orders</Link> / {params.orderId ?? 'New'}
      </p>
      <h1>{title}</h1>
      {body}
      {order.data && orderId !== null ? <OrderEmails orderId={orderId} version={order.data.version} /> : null}
    </div>
  );
}
