import { ALL_SEASONS, type OrderPickupFilter, shopToday } from '@nursery/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useSiteConfig } from '../../../lib/site';
import { trpc } from '../../../trpc';
import type { AdminOrder, OrderListItem } from '../shared/orders/types';
import { usePickUpDayMenuName } from '../shared/pickUpDays';
import { CheckInPanel } from '../shared/pickup/CheckInPanel';
import { paymentText, pickupStatusText } from '../shared/pickup/pickupText';
import { usePageTitle } from '../shared/usePageTitle';
import { type PickupSearch, validatePickupSearch } from './pickupSearch';
import '../shared/pickup/pickup.css';

const route = getRouteApi('/Admin/Pickup');

/** Orders a page of the desk shows: a busy spring day, and the search narrows it at once. */
export const PICKUP_PAGE_SIZE = 50;
const FILTER_DELAY_MS = 250;

type DayChoice = NonNullable<PickupSearch['day']>;

/**
 * /Admin/Pickup, the counter on a phone: the chosen pick-up day's orders (today's by default), waiting or picked
 * up at a glance, a search by order number, name or phone, and each order's check-in and payment.
 */
export function AdminPickup() {
  usePageTitle('Pick-up - Admin');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const ids = useId();
  const site = useSiteConfig();
  const days = useQuery(trpc.pickUpDays.all.queryOptions());
  const menuName = usePickUpDayMenuName();
  const day = search.day ?? defaultDay(days.data, site.data?.shop.timeZone);
  const show: OrderPickupFilter = search.show ?? 'waiting';
  const change = (next: { [K in keyof PickupSearch]?: PickupSearch[K] | undefined }) =>
    void navigate({
      search: (prev) => {
        const merged: Record<string, unknown> = { ...prev, ...next };
        for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
        return validatePickupSearch(merged);
      },
      replace: true,
    });

  // The box answers every key; the list follows after a pause, one request per pause.
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => {
    if (text === (search.q ?? '')) return;
    const timer = window.setTimeout(() => change({ q: text || undefined }), FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  });

  const waitingForDays = search.day === undefined && days.isPending;
  const scope = dayScope(day);
  const list = useQuery({
    ...trpc.orders.page.queryOptions({
      ...scope,
      text: search.q ?? '',
      pickup: show,
      // Waiting customers are found by name; the latest check-ins come first, where a mistake is undone.
      sort: show === 'pickedUp' ? 'pickedUpTimestamp' : 'name',
      desc: show === 'pickedUp',
      pageSize: PICKUP_PAGE_SIZE,
    }),
    enabled: !waitingForDays,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  // The day's counts, whatever the search: how far the day has got.
  const counts = (pickup: OrderPickupFilter) =>
    trpc.orders.page.queryOptions({ ...scope, text: '', pickup, pageSize: 1 });
  const waiting = useQuery({ ...counts('waiting'), enabled: !waitingForDays, staleTime: 0 });
  const pickedUp = useQuery({ ...counts('pickedUp'), enabled: !waitingForDays, staleTime: 0 });

  // The open card stays where it was when its order leaves the list shown (checked in while Waiting is shown,
  // say): the payment is often recorded next, and the check-in's Undo is on the card.
  const rows = list.data?.rows ?? [];
  const [kept, setKept] = useState<{ order: OrderListItem; index: number } | null>(null);
  const openIndex = rows.findIndex((o) => o.orderId === search.order);
  const openRow = rows[openIndex];
  if (openRow && (kept?.order !== openRow || kept.index !== openIndex))
    setKept({ order: openRow, index: openIndex });
  else if (kept && search.order !== kept.order.orderId) setKept(null);
  const shown =
    kept && !openRow && list.data && !list.isPlaceholderData
      ? [...rows.slice(0, kept.index), kept.order, ...rows.slice(kept.index)]
      : rows;

  const dayLabel =
    typeof day === 'number'
      ? (days.data?.find((d) => d.pickUpDayId === day)?.displayDate ?? `Day ${day}`)
      : day === 'none'
        ? 'Orders without a pick-up day'
        : 'Every order this season';

  return (
    <div className="admin-pickup">
      <h1>Pick-up</h1>
      <div className="pickup-toolbar">
        <label className="payment-field">
          <span>Pick-up day</span>
          <select
            className="form-select"
            value={String(day)}
            onChange={(event) => {
              const v = event.target.value;
              change({ day: v === 'none' || v === 'season' ? v : Number(v), order: undefined });
            }}
          >
            {(days.data ?? []).map((d) => (
              <option key={d.pickUpDayId} value={d.pickUpDayId}>
                {menuName.name(d)} ({d.booked} {d.booked === 1 ? 'order' : 'orders'})
              </option>
            ))}
            <option value="none">Orders without a pick-up day</option>
            <option value="season">Every order this season</option>
          </select>
        </label>
        <label className="payment-field">
          <span>Find an order</span>
          <input
            type="search"
            className="form-control"
            placeholder="Order number, name or phone"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {typeof day === 'number' || day === 'none' ? (
          <Link to="/Admin/PickList" search={{ day }} className="btn btn-secondary">
            Pick list
          </Link>
        ) : null}
      </div>

      <fieldset className="pickup-tabs">
        <legend className="sr-only">Show orders of {dayLabel}</legend>
        {(
          [
            ['waiting', 'Waiting', waiting.data?.total],
            ['pickedUp', 'Picked up', pickedUp.data?.total],
            ['all', 'All', undefined],
          ] as const
        ).map(([value, label, n]) => (
          <button
            key={value}
            type="button"
            className={show === value ? 'btn btn-primary' : 'btn btn-secondary'}
            aria-pressed={show === value}
            onClick={() => change({ show: value === 'waiting' ? undefined : value })}
          >
            {label}
            {n !== undefined ? ` (${n})` : ''}
          </button>
        ))}
      </fieldset>

      <p className="orders-count" aria-live="polite" id={`${ids}-count`}>
        {list.data
          ? `${dayLabel}: ${list.data.total} ${show === 'waiting' ? 'waiting' : show === 'pickedUp' ? 'picked up' : 'orders'}${search.q ? ` matching “${search.q}”` : ''}`
          : 'Loading...'}
      </p>
      {list.isError ? <p className="alert alert-danger">{list.error.message}</p> : null}
      <ul className="pickup-list" aria-describedby={`${ids}-count`}>
        {shown.map((o) => (
          <PickupRow
            key={o.orderId}
            order={o}
            open={search.order === o.orderId}
            onToggle={(open) => change({ order: open ? o.orderId : undefined })}
          />
        ))}
      </ul>
      {list.data && list.data.total > list.data.rows.length ? (
        <p className="text-muted">
          The first {list.data.rows.length} are shown: search by number, name or phone to find the others.
        </p>
      ) : null}
    </div>
  );
}

/** Today's pick-up day, else the next one, else the last; with no days at all, the season's orders. */
function defaultDay(
  days: { pickUpDayId: number; date: string }[] | undefined,
  timeZone: string | undefined,
): DayChoice {
  if (!days || days.length === 0) return 'season';
  const today = shopToday(Date.now(), timeZone ?? 'UTC');
  const next = days.find((d) => d.date >= today) ?? days[days.length - 1];
  return next ? next.pickUpDayId : 'season';
}

/** The list query's season and day for a choice: a day is found in whichever season it falls. */
function dayScope(day: DayChoice): { season?: number; pickUpDay: number | 'none' | 'all' } {
  if (typeof day === 'number') return { season: ALL_SEASONS, pickUpDay: day };
  return { pickUpDay: day === 'none' ? 'none' : 'all' };
}

function PickupRow({
  order,
  open,
  onToggle,
}: {
  order: OrderListItem;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const details = useQuery({
    ...trpc.orders.detailsById.queryOptions({ orderId: order.orderId }),
    enabled: open,
  });
  // An open card speaks from the order as last answered (a check-in or payment just made), the list may lag.
  const live = open && details.data ? details.data : order;
  const pickedUp = live.pickedUpTimestamp !== null;
  const panelId = `pickup-order-${order.orderId}`;
  return (
    <li className={pickedUp ? 'pickup-card is-picked-up' : 'pickup-card'}>
      <div className="pickup-card-head">
        <div>
          <h2 className="pickup-card-title">
            #{order.orderId} {order.name}
          </h2>
          <p className="text-muted mb-0">
            {order.phoneNumber} · {order.totalQuantity} {order.totalQuantity === 1 ? 'plant' : 'plants'} ·{' '}
            {order.displayTotalPrice}
          </p>
          <p className="mb-0">
            <span className={pickedUp ? 'pickup-badge is-picked-up' : 'pickup-badge is-waiting'}>
              {pickedUp ? 'Picked up' : 'Waiting'}
            </span>{' '}
            <span className="text-muted">{paymentText(live)}</span>
          </p>
          {pickedUp ? <p className="text-muted mb-0">{pickupStatusText(live)}</p> : null}
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`${open ? 'Close' : 'Check in'} order ${order.orderId}`}
          onClick={() => onToggle(!open)}
        >
          {open ? 'Close' : 'Check in'}
        </button>
      </div>
      {open ? (
        <div id={panelId} className="pickup-card-body">
          {details.data ? (
            <>
              <HandOverList lines={details.data.products} />
              <CheckInPanel key={details.data.orderId} order={details.data} />
            </>
          ) : details.isError ? (
            <p className="alert alert-danger">{details.error.message}</p>
          ) : (
            <p role="status">Loading...</p>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** The plants to hand over, as the customer will count them: quantity, name and size, line by line. */
function HandOverList({ lines }: { lines: AdminOrder['products'] }) {
  return (
    <section className="hand-over" aria-label="To hand over">
      <h3>To hand over</h3>
      <ul className="hand-over-lines">
        {lines.map((line) => (
          <li key={line.orderProductXrefId}>
            <span className="hand-over-quantity">{line.quantity}</span> × {line.name}
            {line.productSize ? <span className="text-muted"> ({line.productSize})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
