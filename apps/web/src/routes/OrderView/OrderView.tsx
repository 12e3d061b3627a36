import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useState } from 'react';
import { useSignedIn } from '../../auth/session';
import { OrderLookupForm } from '../../components/OrderLookupForm';
import { publicQuery } from '../../lib/publicApi';
import { useSiteConfig } from '../../lib/site';
import { failureFacts } from '../../lib/toast';
import { shopIsDown } from '../../serviceWorker/cacheRules';
import { OrderDetails } from './OrderDetails';
import { forgetOrderCopy, keepOrderCopy, type OrderCopy, readOrderCopy } from './orderCopy';

const routeApi = getRouteApi('/Order/$orderId/{-$phoneNumber}');

export function OrderView() {
  const { orderId, phoneNumber } = routeApi.useParams();
  const signedIn = useSignedIn();
  const config = useSiteConfig();
  const canFetch = /^\d+$/.test(orderId) && (Boolean(phoneNumber) || signedIn);
  const order = useQuery({
    ...publicQuery('orders.byId', { orderId, phoneNumber: phoneNumber ?? '' }),
    enabled: canFetch,
    retry: false,
  });
  // Drawn in a deferred render, in slices, once the answer comes: in one go it held a phone's main thread. Another
  // order's details are never shown meanwhile: the page waits on its loading state until this order's are drawn.
  const shown = useDeferredValue(order.data);
  // The customer's own copy on this phone (staff's phones keep none): shown while the shop does not answer.
  const keepsCopy = canFetch && !signedIn && Boolean(phoneNumber);
  const [copy, setCopy] = useState<OrderCopy | null>(null);
  // Forgotten on this page: not kept again until the customer opens the order anew.
  const [forgotten, setForgotten] = useState(false);
  useEffect(() => {
    if (!keepsCopy) return;
    let current = true;
    void readOrderCopy(Number(orderId), phoneNumber ?? '').then((kept) => {
      if (current) setCopy(kept);
    });
    return () => {
      current = false;
    };
  }, [keepsCopy, orderId, phoneNumber]);
  useEffect(() => {
    if (!keepsCopy || forgotten || !order.data) return;
    const savedAt = new Date(order.dataUpdatedAt);
    void keepOrderCopy(order.data, savedAt)
      .then(() => setCopy({ order: order.data, savedAt: savedAt.toISOString() }))
      .catch(() => {
        // Storage refused (private mode, full): the page works online as before.
      });
  }, [keepsCopy, forgotten, order.data, order.dataUpdatedAt]);
  const forget = () => {
    setForgotten(true);
    setCopy(null);
    void forgetOrderCopy(Number(orderId)).catch(() => undefined);
  };
  // Offered from the first paint on, so the button does not move the page when the copy is written.
  const forgetIfKept = keepsCopy && !forgotten ? { onForget: forget } : {};

  if (!canFetch) {
    return (
      <div className="container narrow-page">
        <header className="page-header">
          <h1>Look up your order</h1>
          <p className="lead">To see an order, enter its number and the phone number it was placed with.</p>
        </header>
        <section className="panel">
          <div className="panel-body">
            <OrderLookupForm initialOrderId={/^\d+$/.test(orderId) ? orderId : ''} />
          </div>
        </section>
      </div>
    );
  }

  // The shop has not answered (yet): the copy kept on this phone, saying when it was last brought up to date.
  if (!order.data && copy) {
    return (
      <OrderDetails
        order={copy.order}
        ownerEmail={config.data?.shop.email ?? ''}
        currentSeason={config.data?.currentSeason ?? null}
        staff={false}
        updatedAt={copy.savedAt}
        fromCopy={order.isError}
        onForget={forget}
      />
    );
  }

  if (order.isLoading || (order.data && shown?.orderId !== order.data.orderId)) {
    return (
      <div className="container">
        <div className="loading-block" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your order…
        </div>
      </div>
    );
  }

  if (order.isError || !order.data || !shown) {
    const { message } = failureFacts(order.error);
    return (
      <div className="container narrow-page">
        <header className="page-header">
          <h1>Order not found</h1>
        </header>
        <div className="alert alert-danger" role="alert">
          {message || 'We could not load this order.'}
        </div>
        {signedIn && /^\d+$/.test(orderId) ? (
          <KeptOnDesk orderId={Number(orderId)} error={order.error} />
        ) : null}
        <section className="panel">
          <div className="panel-body">
            <OrderLookupForm initialOrderId={orderId} />
          </div>
        </section>
      </div>
    );
  }

  return (
    <OrderDetails
      order={shown}
      ownerEmail={config.data?.shop.email ?? ''}
      currentSeason={config.data?.currentSeason ?? null}
      staff={signedIn}
      updatedAt={new Date(order.dataUpdatedAt).toISOString()}
      fromCopy={false}
      {...forgetIfKept}
    />
  );
}

/**
 * A staff phone that scans a customer's code where the shop cannot be reached: the order is not on the page, but
 * the pick-up desk may keep its day on the phone, where it is checked in and paid without a network. The
 * counter's store is loaded only here, for someone signed in.
 */
function KeptOnDesk({ orderId, error }: { orderId: number; error: unknown }) {
  const { status } = failureFacts(error);
  const unanswered = status === 0 || (status !== null && shopIsDown(status));
  const [day, setDay] = useState<number | 'none' | null>(null);
  useEffect(() => {
    if (!unanswered) return;
    let current = true;
    void import('../Admin/shared/pickup/counterStore')
      .then((store) => store.keptDayOf(orderId))
      .then((kept) => {
        if (current) setDay(kept);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [orderId, unanswered]);
  if (day === null) return null;
  return (
    <p className="alert alert-info">
      Order {orderId} is kept on this phone with the pick-up desk's day.{' '}
      <Link to="/Admin/Pickup" search={{ day, show: 'all', q: String(orderId), order: orderId }}>
        Open it on the pick-up desk
      </Link>{' '}
      to check it in and record the payment without a connection.
    </p>
  );
}
