import { ALL_SEASONS, COUNTER_RULE, type OrderPickupFilter, shopToday } from '@nursery/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSiteConfig } from '../../../lib/site';
import { trpc } from '../../../trpc';
import { usePickUpDayMenuName } from '../shared/pickUpDays';
import { useCounter } from '../shared/pickup/counterQueue';
import { deskList, withWaitingTaps } from '../shared/pickup/counterView';
import { usePageTitle } from '../shared/usePageTitle';
import { CounterStatus } from './CounterStatus';
import { type CardOrder, cardOf, PickupRow } from './PickupRow';
import { type PickupSearch, validatePickupSearch } from './pickupSearch';
import { useKeptDay, useOnline } from './useKeptDay';
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
          ? `${dayLabel}: ${listData.total} ${show === 'waiting' ? 'waiting' : show === 'pickedUp' ? 'picked up' : listData.total === 1 ? 'order' : 'orders'}${search.q ? ` matching “${search.q}”` : ''}`
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
