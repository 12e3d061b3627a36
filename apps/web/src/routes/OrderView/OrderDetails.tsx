import { mailtoHref, seasonLabel } from '@nursery/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { useHydrated } from '../../lib/adoption';
import { publicPathKey } from '../../lib/publicApi';
import { useShopTimeZone } from '../../lib/site';
import { wasJustPlaced } from '../../storefront/placedOrder';
import type { PlacedOrder } from '../../storefront/types';
import { orderAddress } from './orderAddress';

// Each in its own chunk: the QR library for every order page, the check-in (and the tRPC client) only for staff.
const OrderQrCode = lazy(() => import('./OrderQrCode').then((m) => ({ default: m.OrderQrCode })));
const StaffCheckIn = lazy(() => import('./StaffCheckIn').then((m) => ({ default: m.StaffCheckIn })));

type OrderLine = PlacedOrder['products'][number];

const column = createColumnHelper<OrderLine>();

/** The spec's order view table: sorted by name, 20 rows a page. */
export const ORDER_VIEW_PAGE_SIZE = 20;

function orderColumns(isTaxExempt: boolean): ColumnDef<OrderLine, never>[] {
  const columns = [
    column.accessor('name', { header: 'Product', cell: (c) => <strong>{c.getValue()}</strong> }),
    column.accessor('productSize', { header: 'Size' }),
    column.accessor('productType', { header: 'Type' }),
    column.accessor('unitPrice', {
      header: 'Unit Price',
      cell: (c) => c.row.original.displayUnitPrice,
      meta: { className: 'num' },
    }),
    column.accessor('quantity', { header: 'Quantity', meta: { className: 'num' } }),
    ...(isTaxExempt
      ? []
      : [
          column.accessor('price', {
            header: 'Subtotal',
            cell: (c) => c.row.original.displayPrice,
            meta: { className: 'num' },
          }),
          column.accessor('tax', {
            header: 'Tax',
            cell: (c) => c.row.original.displayTax,
            meta: { className: 'num' },
          }),
        ]),
    column.accessor('total', {
      header: 'Total',
      cell: (c) => c.row.original.displayTotal,
      meta: { className: 'num' },
    }),
  ];
  return columns as ColumnDef<OrderLine, never>[];
}

/**
 * The QR code's place while it loads, in the code's own shape: the square it will fill and the caption's first
 * words, so the products below do not move down as it comes (on a phone, from 128 to 391 px of panel).
 */
const QR_CODE_LOADING = (
  <figure className="order-qr">
    <div className="order-qr-pending text-muted" role="status">
      Loading the QR code…
    </div>
    <figcaption>Show this code at the counter when you pick up. It opens this page:</figcaption>
  </figure>
);

/**
 * When the order shown was last brought up to date, in the shop's time as the moment it was placed: the page the
 * server writes says the same, so nothing moves as the app adopts it. In the phone's own time, a phone in another
 * zone saw the line change after the adoption, and move the page when it took a line more or less.
 */
function UpdatedAt({ updatedAt }: { updatedAt: string }) {
  const timeZone = useShopTimeZone();
  const at = new Date(updatedAt).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return <time dateTime={updatedAt}>Last brought up to date {at}</time>;
}

/** The QR code of this page's own address, which only the browser knows: loaded once the page is the app's. */
function CounterCode({ order }: { order: PlacedOrder }) {
  if (!useHydrated()) return QR_CODE_LOADING;
  return (
    <Suspense fallback={QR_CODE_LOADING}>
      <OrderQrCode
        address={orderAddress(window.location.origin, order.orderId, order.phoneNumber)}
        orderId={order.orderId}
      />
    </Suspense>
  );
}

/** The order as the customer reads it: pick-up, totals, the QR code to show at the counter, and its lines. */
export function OrderDetails({
  order,
  ownerEmail,
  currentSeason,
  staff,
  updatedAt,
  fromCopy,
  onForget,
}: {
  order: PlacedOrder;
  ownerEmail: string;
  currentSeason: number | null;
  staff: boolean;
  updatedAt: string;
  /** Shown from the copy on this phone because the shop could not be reached. */
  fromCopy: boolean;
  /** Deletes the copy kept on this phone (a shared computer); absent when none is kept. */
  onForget?: () => void;
}) {
  const columns = useMemo(() => orderColumns(order.isTaxExempt), [order.isTaxExempt]);
  const mailto = mailtoHref(ownerEmail, { subject: `Question about order ${order.orderId}` });
  // Said on the order's first showing after checkout (this tab's own): read before the first paint, or once the
  // app has adopted a page the server wrote, which cannot know it.
  const [justPlaced, setJustPlaced] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the order the page opened with.
  useLayoutEffect(() => {
    if (wasJustPlaced(order.orderId)) setJustPlaced(true);
  }, []);
  // The shop records no pick-up: an order of the current season is still ahead of its April pick-up as far
  // as the customer is told; an order of an earlier season was settled long ago (docs/decisions.md).
  const upcoming = currentSeason !== null && order.seasonPurchased === currentSeason;
  const received = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the confirmation, not on the top of a page they did not ask for.
  useEffect(() => {
    if (justPlaced) received.current?.focus();
  }, [justPlaced]);
  // A check-in or payment made on this page shows at once in what the page tells the customer.
  const queryClient = useQueryClient();
  const refreshOrder = () => void queryClient.invalidateQueries({ queryKey: publicPathKey('orders.byId') });
  const contactLink = ownerEmail ? (
    <p className="mb-0">
      Questions or changes? <a href={mailto}>E-mail us about order #{order.orderId}</a>.
    </p>
  ) : null;

  return (
    <div className="container order-view">
      <header className="page-header order-header">
        <div>
          <p className="eyebrow">Your order</p>
          <h1>Order #{order.orderId}</h1>
          <p className="text-muted mb-0">
            Placed on <time dateTime={order.createdTimestamp}>{order.displayCreatedTimestamp}</time>
          </p>
          <p className="text-muted mb-0" data-testid="order-updated">
            <UpdatedAt updatedAt={updatedAt} />
            {fromCopy ? ' (the shop could not be reached: this is the copy kept on this phone)' : ''}
          </p>
        </div>
        <div className="row-gap no-print">
          <button type="button" className="btn" onClick={() => window.print()}>
            Print
          </button>
          <Link to="/Products" className="btn btn-primary">
            Keep Shopping
          </Link>
          {onForget ? (
            <button type="button" className="btn btn-secondary" onClick={onForget}>
              Forget this order on this phone
            </button>
          ) : null}
        </div>
      </header>

      {justPlaced ? (
        <div className="alert alert-success order-received" role="status">
          <h2 ref={received} tabIndex={-1}>
            Thank you, your order has been received
          </h2>
          <p className="mb-0">
            Order #{order.orderId} is placed. We will e-mail {order.email} within 24 hours to confirm it and
            arrange pick-up.
          </p>
        </div>
      ) : null}

      {staff ? (
        <Suspense fallback={null}>
          <StaffCheckIn orderId={order.orderId} onChanged={refreshOrder} />
        </Suspense>
      ) : null}

      <div className="order-summary">
        <section className="panel" aria-labelledby="order-contact">
          <div className="panel-body">
            <h2 id="order-contact">Your details</h2>
            <dl className="details-list">
              <dt>Order number</dt>
              <dd data-testid="order-id">{order.orderId}</dd>
              <dt>Name</dt>
              <dd>{order.name}</dd>
              <dt>Phone</dt>
              <dd>{order.phoneNumber}</dd>
              <dt>Email</dt>
              <dd>{order.email}</dd>
              {order.displayPickUpDay ? (
                <>
                  <dt>Pick-up day</dt>
                  <dd data-testid="order-pick-up-day">{order.displayPickUpDay}</dd>
                  {order.pickUpDayNote ? (
                    <>
                      <dt>Pick-up note</dt>
                      <dd data-testid="order-pick-up-note">{order.pickUpDayNote}</dd>
                    </>
                  ) : null}
                </>
              ) : null}
              {order.pickedUpTimestamp ? (
                <>
                  <dt>Picked up</dt>
                  <dd>{order.displayPickedUpTimestamp}</dd>
                </>
              ) : null}
              {order.paidMethod ? (
                <>
                  <dt>Paid</dt>
                  <dd>
                    {order.displayPaid} by {order.paidMethod}
                  </dd>
                </>
              ) : null}
              {order.comments ? (
                <>
                  <dt>Comments</dt>
                  <dd className="pre-line">{order.comments}</dd>
                </>
              ) : null}
            </dl>
          </div>
        </section>
        {order.pickedUpTimestamp ? (
          // Once collected, what happens next is nothing: say when it was picked up instead.
          <section className="panel order-next" aria-labelledby="order-picked-up">
            <div className="panel-body">
              <h2 id="order-picked-up">Picked up</h2>
              <p>
                This order was picked up on <strong>{order.displayPickedUpTimestamp}</strong>. Thank you!
              </p>
              {contactLink}
            </div>
          </section>
        ) : upcoming ? (
          <section className="panel order-next" aria-labelledby="order-next">
            <div className="panel-body">
              <h2 id="order-next">What happens next</h2>
              {order.displayPickUpDay ? (
                <p>
                  Come and collect your order on <strong>{order.displayPickUpDay}</strong>
                  {order.pickUpDayNote ? ` (${order.pickUpDayNote})` : ''}.
                </p>
              ) : null}
              <p>
                We will e-mail you within 24 hours to confirm your order and arrange pick-up. Keep your order
                number handy: with your phone number it brings you back to this page.
              </p>
              {contactLink}
            </div>
          </section>
        ) : (
          <section className="panel" aria-labelledby="order-season">
            <div className="panel-body">
              <h2 id="order-season">The {seasonLabel(order.seasonPurchased)} season</h2>
              <p>This order is from an earlier season.</p>
              {contactLink}
            </div>
          </section>
        )}
      </div>

      {/* Collected: there is nothing left to show at the counter. */}
      {order.pickedUpTimestamp ? null : (
        <section className="panel order-counter" aria-labelledby="order-counter">
          <div className="panel-body">
            <h2 id="order-counter">At the counter</h2>
            <CounterCode order={order} />
          </div>
        </section>
      )}

      <section aria-labelledby="order-products">
        <h2 id="order-products">Products</h2>
        <DataTable
          data={order.products}
          columns={columns}
          initialSorting={[{ id: 'name', desc: false }]}
          pageSize={ORDER_VIEW_PAGE_SIZE}
          pagerOnlyWhenNeeded
          getRowId={(row) => String(row.orderProductXrefId)}
          caption={`Products on order ${order.orderId}`}
          emptyText="This order has no products."
          testId="order-products"
          className="order-lines"
        />
        <dl className="cart-totals order-totals" aria-label="Order totals">
          {order.isTaxExempt ? null : (
            <>
              <div>
                <dt>Subtotal</dt>
                <dd data-testid="order-subtotal">{order.displaySubtotal}</dd>
              </div>
              <div>
                <dt>Tax</dt>
                <dd data-testid="order-tax">{order.displayTax}</dd>
              </div>
            </>
          )}
          <div className="cart-total">
            <dt>Total{order.isTaxExempt ? ' (tax exempt)' : ''}</dt>
            <dd data-testid="order-total">{order.displayTotal}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
