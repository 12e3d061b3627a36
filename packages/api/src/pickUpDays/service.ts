import { orders, perConnection, pickUpDays, type ShopDb } from '@nursery/db';
import {
  displayPickUpDate,
  displayPickUpDay,
  displayPickUpHours,
  isPastPickUpDay,
  isPickUpDayClosed,
  isPickUpDayFull,
  type OpenPickUpDay,
  PICK_UP_DAY_NOT_FOUND,
  type PickUpDay,
  pickUpDayChoiceProblem,
  pickUpDayClosed,
  pickUpDayFullForStaff,
  pickUpDayHasOrders,
  type ShopClock,
  shopClock,
  shopToday,
} from '@nursery/domain';
import { and, asc, count, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import type { ShopRecords } from '../shop.ts';

/**
 * Pick-up days: staff open the season's days with a capacity, customers choose one with room at checkout,
 * and the day is on the order. The capacity check of a submit runs inside the submit's own transaction
 * (`pickUpDayProblem`), after every order committed before it and every order earlier in its group-commit
 * batch, so concurrent checkouts can never book a day past its capacity.
 */

const dayColumns = {
  pickUpDayId: pickUpDays.pickUpDayId,
  date: pickUpDays.date,
  startTime: pickUpDays.startTime,
  endTime: pickUpDays.endTime,
  capacity: pickUpDays.capacity,
  note: pickUpDays.note,
};
interface DayRow {
  pickUpDayId: number;
  date: string;
  startTime: string;
  endTime: string;
  capacity: number;
  note: string | null;
}

/** The reads of every submit, prepared once per connection. */
const statements = perConnection((db: ShopDb) => ({
  byId: db
    .select(dayColumns)
    .from(pickUpDays)
    .where(eq(pickUpDays.pickUpDayId, sql.placeholder('pickUpDayId')))
    .prepare(),
  // Answered from the index on (pick_up_day_id, deleted_at) without reading an order.
  booked: db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.pickUpDayId, sql.placeholder('pickUpDayId')), isNull(orders.deletedAt)))
    .prepare(),
  fromDate: db
    .select(dayColumns)
    .from(pickUpDays)
    .where(gte(pickUpDays.date, sql.placeholder('today')))
    .orderBy(asc(pickUpDays.date))
    .prepare(),
  all: db.select(dayColumns).from(pickUpDays).orderBy(asc(pickUpDays.date)).prepare(),
  bookedByDay: db
    .select({ pickUpDayId: orders.pickUpDayId, n: count() })
    .from(orders)
    .where(and(isNotNull(orders.pickUpDayId), isNull(orders.deletedAt)))
    .groupBy(orders.pickUpDayId)
    .prepare(),
}));

export function today(shop: ShopRecords): string {
  return shopToday(shop.now(), shop.config.shop.timeZone);
}

/** The shop's wall clock now, by which a day closes for customers. */
export function clockNow(shop: ShopRecords): ShopClock {
  return shopClock(shop.now(), shop.config.shop.timeZone);
}

/** The days still offered to customers: from today on, less today's once its closing time has come. */
function offeredDays(shop: ShopRecords): DayRow[] {
  const clock = clockNow(shop);
  return statements(shop.db)
    .fromDate.all({ today: clock.today })
    .filter((row) => !isPickUpDayClosed(row, clock));
}

export function bookedOn(shop: ShopRecords, pickUpDayId: number): number {
  return statements(shop.db).booked.get({ pickUpDayId })?.n ?? 0;
}

export function dayRow(shop: ShopRecords, pickUpDayId: number): DayRow | undefined {
  return statements(shop.db).byId.get({ pickUpDayId });
}

function toOpenDay(row: DayRow, booked: number): OpenPickUpDay {
  return {
    pickUpDayId: row.pickUpDayId,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    note: row.note,
    displayDate: displayPickUpDate(row.date),
    displayHours: displayPickUpHours(row),
    isFull: isPickUpDayFull(booked, row.capacity),
  };
}

/** The days a customer may be offered: those not yet closed, full ones marked (PickUpDays/GetOpenPickUpDays). */
export function openPickUpDays(shop: ShopRecords): OpenPickUpDay[] {
  return offeredDays(shop).map((row) => toOpenDay(row, bookedOn(shop, row.pickUpDayId)));
}

/** Every day, past ones too, with its capacity and bookings, by date (PickUpDays/GetAllPickUpDays). */
export function listPickUpDays(shop: ShopRecords): PickUpDay[] {
  const s = statements(shop.db);
  const booked = new Map<number, number>();
  for (const r of s.bookedByDay.all()) if (r.pickUpDayId !== null) booked.set(r.pickUpDayId, r.n);
  const now = today(shop);
  return s.all.all().map((row) => {
    const n = booked.get(row.pickUpDayId) ?? 0;
    return {
      ...toOpenDay(row, n),
      capacity: row.capacity,
      booked: n,
      isPast: isPastPickUpDay(row.date, now),
    };
  });
}

/**
 * Why a customer's submit cannot have this pick-up day, or null when it can (the rule is the domain's
 * `pickUpDayChoiceProblem`). Runs inside the submit's transaction. A chosen day's orders alone are counted;
 * every offered day's only when none was chosen, to say whether any has room.
 */
export function pickUpDayProblem(shop: ShopRecords, pickUpDayId: number | null): string | null {
  const withRoom = (d: DayRow) => ({
    pickUpDayId: d.pickUpDayId,
    isFull: isPickUpDayFull(bookedOn(shop, d.pickUpDayId), d.capacity),
  });
  if (pickUpDayId === null) return pickUpDayChoiceProblem(offeredDays(shop).map(withRoom), null);
  const day = dayRow(shop, pickUpDayId);
  const clock = clockNow(shop);
  // Today's day after its closing time: say so, rather than the bare 'no longer offered' of a deleted day.
  if (day && day.date === clock.today && isPickUpDayClosed(day, clock)) return pickUpDayClosed(day);
  const offered = day && !isPickUpDayClosed(day, clock) ? [withRoom(day)] : [];
  return pickUpDayChoiceProblem(offered, pickUpDayId);
}

/**
 * Staff putting an order on a day (a new order, or moving one): the day must exist and have room. An order
 * that stays on its day is not counted twice; staff may choose a past day (recording what happened). A full
 * day is refused: staff raise its capacity first, a deliberate step rather than a silent overbooking.
 */
export function checkStaffPickUpDay(
  shop: ShopRecords,
  from: number | null,
  to: number | null,
  full: (day: string, capacity: number) => string = pickUpDayFullForStaff,
): void {
  if (to === null || to === from) return;
  const day = dayRow(shop, to);
  if (!day) throw new ShopError({ kind: 'bad_request', message: PICK_UP_DAY_NOT_FOUND });
  if (isPickUpDayFull(bookedOn(shop, to), day.capacity)) {
    throw new ShopError({ kind: 'conflict', message: full(displayPickUpDate(day.date), day.capacity) });
  }
}

/** The pick-up day fields of an order's answers. */
export interface OrderPickUpDayFields {
  pickUpDayId: number | null;
  pickUpDate: string | null;
  displayPickUpDay: string | null;
  pickUpDayNote: string | null;
}

const NO_DAY: OrderPickUpDayFields = {
  pickUpDayId: null,
  pickUpDate: null,
  displayPickUpDay: null,
  pickUpDayNote: null,
};

function fieldsOf(row: DayRow | undefined): OrderPickUpDayFields {
  return row
    ? {
        pickUpDayId: row.pickUpDayId,
        pickUpDate: row.date,
        displayPickUpDay: displayPickUpDay(row),
        pickUpDayNote: row.note || null,
      }
    : NO_DAY;
}

/** The day fields of one order. */
export function orderPickUpDay(shop: ShopRecords, pickUpDayId: number | null): OrderPickUpDayFields {
  return pickUpDayId === null ? NO_DAY : fieldsOf(dayRow(shop, pickUpDayId));
}

/** The day fields for many orders (a list, an export): the days are read once, it is a short table. */
export function orderPickUpDays(shop: ShopRecords): (pickUpDayId: number | null) => OrderPickUpDayFields {
  const byId = new Map<number, OrderPickUpDayFields>();
  for (const row of statements(shop.db).all.all()) byId.set(row.pickUpDayId, fieldsOf(row));
  return (pickUpDayId) => (pickUpDayId === null ? NO_DAY : (byId.get(pickUpDayId) ?? NO_DAY));
}

export function notFound(): never {
  throw new ShopError({ kind: 'not_found', message: PICK_UP_DAY_NOT_FOUND });
}

/**
 * Deletes a day that no live order is booked on; otherwise refuses, saying how many orders to move first.
 * Deleted orders on it lose their day (they keep everything else), so restoring one never points at nothing.
 */
export function deletePickUpDay(shop: ShopRecords, pickUpDayId: number): PickUpDay[] {
  shop.database.sqlite
    .transaction(() => {
      const day = dayRow(shop, pickUpDayId);
      if (!day) notFound();
      const booked = bookedOn(shop, pickUpDayId);
      if (booked > 0) {
        throw new ShopError({
          kind: 'conflict',
          message: pickUpDayHasOrders(displayPickUpDate(day.date), booked),
        });
      }
      // Only deleted orders are left on it: each keeps the day in words, for its restore to say it has none now.
      shop.db
        .update(orders)
        .set({ pickUpDayId: null, removedPickUpDay: displayPickUpDay(day) })
        .where(eq(orders.pickUpDayId, pickUpDayId))
        .run();
      shop.db.delete(pickUpDays).where(eq(pickUpDays.pickUpDayId, pickUpDayId)).run();
    })
    .immediate();
  return listPickUpDays(shop);
}
