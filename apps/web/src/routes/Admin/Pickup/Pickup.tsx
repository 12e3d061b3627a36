import {
  ALL_SEASONS,
  COUNTER_RULE,
  type CounterDay,
  type OrderPickupFilter,
  shopToday,
} from '@nursery/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useSiteConfig } from '../../../lib/site';
import { trpc } from '../../../trpc';
import { SIGN_IN_AGAIN_PATH } from '../AdminLayout';
import type { AdminOrder, OrderListItem } from '../shared/orders/types';
import { usePickUpDayMenuName } from '../shared/pickUpDays';
import { CheckInPanel } from '../shared/pickup/CheckInPanel';
import { dayKey, dismiss, useCounter } from '../shared/pickup/counterQueue';
import { readDay, saveDay } from '../shared/pickup/counterStore';
import { type DeskOrder, deskList, withWaitingTaps } from '../shared/pickup/counterView';
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
  const timeZone = site.data?.shop.timeZone ?? 'UTC';
  // A pick-up day (or the orders without one) is kept on the phone and worked from there, network or not;
  // the season's orders are too many to keep and are asked of the server page by page.
  const keptInput = typeof day === 'number' || day === 'none' ? day : null;
  const kept = useKeptDay(keptInput, !waitingForDays);
  const counter = useCounter();
  const online = useOnline();
  const deskOrders = useMemo(
    () => (kept.day ? withWaitingTaps(kept.day.orders, counter.queue, timeZone) : null),
    [kept.day, counter.queue, timeZone],
  );
  const deskRows = useMemo(() => {
    if (!deskOrders) return null;
    const listed = deskList(deskOrders, show, search.q ?? '');
    return { total: listed.length, rows: listed.slice(0, PICKUP_PAGE_SIZE).map(cardOf) };
  }, [deskOrders, show, search.q]);
  const entries = useMemo(() => new Map((deskOrders ?? []).map((o) => [o.order.orderId, o])), [deskOrders]);

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
    enabled: !waitingForDays && keptInput === null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  // The day's counts, whatever the search: how far the day has got.
  const counts = (pickup: OrderPickupFilter) =>
    trpc.orders.page.queryOptions({ ...scope, text: '', pickup, pageSize: 1 });
  const waitingCount = useQuery({
    ...counts('waiting'),
    enabled: !waitingForDays && keptInput === null,
    staleTime: 0,
  });
  const pickedUpCount = useQuery({
    ...counts('pickedUp'),
    enabled: !waitingForDays && keptInput === null,
    staleTime: 0,
  });
  const listData =
    keptInput === null ? (list.data ? { ...list.data, rows: list.data.rows } : undefined) : deskRows;
  const total = (pickedUp: boolean) =>
    deskOrders
      ? deskOrders.filter((o) => (o.order.pickedUpTimestamp !== null) === pickedUp).length
      : (pickedUp ? pickedUpCount : waitingCount).data?.total;

  // The open card stays where it was when its order leaves the list shown (checked in while Waiting is shown,
  // say): the payment is often recorded next, and the check-in's Undo is on the card.
  const rows: CardOrder[] = listData?.rows ?? [];
  const [keptCard, setKeptCard] = useState<{ order: CardOrder; index: number } | null>(null);
  const openIndex = rows.findIndex((o) => o.orderId === search.order);
  const openRow = rows[openIndex];
  if (openRow && (keptCard?.order !== openRow || keptCard.index !== openIndex))
    setKeptCard({ order: openRow, index: openIndex });
  else if (keptCard && search.order !== keptCard.order.orderId) setKeptCard(null);
  const shown =
    keptCard && !openRow && listData && (keptInput !== null || !list.isPlaceholderData)
      ? [...rows.slice(0, keptCard.index), keptCard.order, ...rows.slice(keptCard.index)]
      : rows;
  const offline = keptInput !== null && (!online || kept.failed || counter.unreachable);

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
            ['waiting', 'Waiting', total(false)],
            ['pickedUp', 'Picked up', total(true)],
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

      <CounterStatus offline={offline} day={kept.day} />
      <p className="orders-count" aria-live="polite" id={`${ids}-count`}>
        {listData
          ? `${dayLabel}: ${listData.total} ${show === 'waiting' ? 'waiting' : show === 'pickedUp' ? 'picked up' : 'orders'}${search.q ? ` matching “${search.q}”` : ''}`
          : kept.failed && keptInput !== null
            ? `${dayLabel} was not opened on this phone with the network, so it is not kept here.`
            : 'Loading...'}
      </p>
      {keptInput === null && list.isError ? <p className="alert alert-danger">{list.error.message}</p> : null}
      <ul className="pickup-list" aria-describedby={`${ids}-count`}>
        {shown.map((o) => (
          <PickupRow
            key={o.orderId}
            order={o}
            entry={entries.get(o.orderId)}
            open={search.order === o.orderId}
            onToggle={(open) => change({ order: open ? o.orderId : undefined })}
          />
        ))}
      </ul>
      {listData && listData.total > listData.rows.length ? (
        <p className="text-muted">
          The first {listData.rows.length} are shown: search by number, name or phone to find the others.
        </p>
      ) : null}
      <p className="text-muted counter-rule">{COUNTER_RULE}</p>
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

/** What a card of the desk shows before it is opened: an order of the list, or one kept on the phone. */
type CardOrder = Pick<
  OrderListItem,
  | 'orderId'
  | 'name'
  | 'phoneNumber'
  | 'totalQuantity'
  | 'displayTotalPrice'
  | 'pickedUpTimestamp'
  | 'displayPickedUpTimestamp'
  | 'pickedUpUsername'
  | 'paidMethod'
  | 'displayPaid'
>;

function cardOf(entry: DeskOrder): CardOrder {
  return { ...entry.order, displayTotalPrice: entry.order.displayTotal };
}

function PickupRow({
  order,
  entry,
  open,
  onToggle,
}: {
  order: CardOrder;
  /** The order as kept on the phone with its waiting taps: then nothing is asked of the server. */
  entry: DeskOrder | undefined;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const details = useQuery({
    ...trpc.orders.detailsById.queryOptions({ orderId: order.orderId }),
    enabled: open && !entry,
  });
  // An open card speaks from the order as last answered (a check-in or payment just made), the list may lag.
  const full = entry?.order ?? details.data;
  const live = entry ? entry.order : open && details.data ? details.data : order;
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
          {entry && entry.waiting > 0 ? (
            <p className="counter-waiting mb-0" data-testid="waiting-to-send">
              {entry.waiting === 1 ? '1 change waits' : `${entry.waiting} changes wait`} on this phone to be
              sent
            </p>
          ) : null}
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
          {full ? (
            <>
              <HandOverList lines={full.products} />
              <CheckInPanel key={full.orderId} order={full} tokens={entry} />
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

/**
 * The day kept on the phone: the server's answer when there is one (kept for the next drop of the network),
 * else the copy last kept. `failed` says the server could not be asked.
 */
function useKeptDay(
  day: number | 'none' | null,
  ready: boolean,
): { day: CounterDay | null; failed: boolean } {
  const query = useQuery({
    ...trpc.pickup.counterDay.queryOptions({ pickUpDay: day ?? 'none' }),
    enabled: day !== null && ready,
    staleTime: 0,
    // Another phone's check-ins show within half a minute; the phone's own show at once.
    refetchInterval: 30_000,
    retry: 1,
  });
  const [stored, setStored] = useState<{ key: string; day: CounterDay | null } | null>(null);
  const key = day === null ? null : dayKey(day);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    void readDay(key).then((found) => {
      if (current) setStored({ key, day: found });
    });
    return () => {
      current = false;
    };
  }, [key]);
  useEffect(() => {
    if (key !== null && query.data) void saveDay(key, query.data);
  }, [key, query.data]);
  const keptCopy = stored?.key === key ? stored.day : null;
  return { day: query.data ?? keptCopy, failed: query.isError || (query.isPaused && !query.data) };
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The counter's state in a few lines: offline (and since when the day is kept), taps waiting to be sent, a
 * sign-in needed to send them, and every tap the server did not record, with why, until staff dismiss it.
 */
function CounterStatus({ offline, day }: { offline: boolean; day: CounterDay | null }) {
  const counter = useCounter();
  const site = useSiteConfig();
  const waiting = counter.queue.length;
  const keptAt = day ? new Date(day.answeredAt) : null;
  return (
    <div className="counter-status" data-testid="counter-status">
      {offline ? (
        <p className="alert alert-warning mb-1" role="status">
          <strong>No connection.</strong> The orders shown are those kept on this phone
          {keptAt && site.data ? ` at ${formatTime(keptAt, site.data.shop.timeZone)}` : ''}; check-ins and
          payments are kept here and sent when the network is back.
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="alert alert-info mb-1" role="status" data-testid="counter-waiting">
          {waiting === 1 ? '1 change waits' : `${waiting} changes wait`} on this phone to be sent.
          {counter.needsSignIn ? (
            <>
              {' '}
              Your sign-in has ended: they are sent once you sign in again.{' '}
              <a className="btn btn-sm btn-warning" href={SIGN_IN_AGAIN_PATH} target="_blank" rel="noopener">
                Sign in again
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {counter.notRecorded.length > 0 ? (
        <section className="alert alert-danger mb-1" aria-label="Not recorded">
          <h2 className="h6">Not recorded</h2>
          <ul className="mb-0">
            {counter.notRecorded.map((n) => (
              <li key={n.actionId} data-testid="not-recorded">
                <strong>{n.what}:</strong> {n.why}{' '}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => void dismiss(n.actionId)}
                >
                  Seen
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function formatTime(at: Date, timeZone: string): string {
  return at.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
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
