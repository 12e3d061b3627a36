import { orders, pickUpDays } from '@nursery/db';
import {
  displayPickUpDate,
  type PickUpDay,
  type PickUpDayInput,
  pickUpDayCapacityBelowBooked,
  pickUpDayDateProblem,
  pickUpDayDateTaken,
} from '@nursery/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { staffName } from '../catalog/adminService.ts';
import { type OrderForEmail, orderForEmail, tellCustomerOfSave } from '../customerEmails/service.ts';
import { ShopError } from '../errors.ts';
import type { Shop } from '../shop.ts';
import type { StaffIdentity } from '../trpc.ts';
import { bookedOn, dayRow, listPickUpDays, notFound, today } from './service.ts';

/**
 * Saving a pick-up day, apart from the rest of pick-up days because moving a day tells its customers: the
 * customer e-mails read orders, whose shape reads pick-up days (service.ts), so this cannot live there.
 */

function dateTaken(shop: Shop, date: string, except: number | null): boolean {
  const other = shop.db
    .select({ id: pickUpDays.pickUpDayId })
    .from(pickUpDays)
    .where(eq(pickUpDays.date, date))
    .get();
  return other !== undefined && other.id !== except;
}

/** The live orders on a day still waiting to be picked up: the customers a moved day concerns. */
function waitingOrdersOn(shop: Shop, pickUpDayId: number): number[] {
  return shop.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.pickUpDayId, pickUpDayId), isNull(orders.deletedAt), isNull(orders.pickedUpAt)))
    .all()
    .map((r) => r.orderId);
}

/**
 * Adds a day (no pickUpDayId) or changes one. Its capacity may not go below the orders already booked on it,
 * one date has one day, and a new day cannot be on a past date. Changing a day's date or hours keeps its
 * orders on it (the day moved), and each of those orders not yet picked up gets the change notice naming the
 * new day, once, as an edit of the order would (`tellCustomerOfSave`: current season, with an e-mail address).
 * A change of capacity or note alone tells nobody.
 */
export function savePickUpDay(shop: Shop, staff: StaffIdentity, input: PickUpDayInput): PickUpDay[] {
  const by = staffName(staff);
  const now = shop.now().getTime();
  shop.database.sqlite
    .transaction(() => {
      const id = input.pickUpDayId ?? null;
      const current = id === null ? null : (dayRow(shop, id) ?? notFound());
      const pastDate = pickUpDayDateProblem(input.date, today(shop), current?.date ?? null);
      if (pastDate) {
        throw new ShopError({
          kind: 'bad_request',
          message: pastDate,
          problems: [{ path: ['date'], message: pastDate }],
        });
      }
      if (dateTaken(shop, input.date, id)) {
        throw new ShopError({
          kind: 'bad_request',
          message: pickUpDayDateTaken(displayPickUpDate(input.date)),
        });
      }
      const values = {
        date: input.date,
        startTime: input.startTime,
        endTime: input.endTime,
        capacity: input.capacity,
        note: input.note,
        updatedAt: now,
        updatedBy: by,
      };
      if (id === null || current === null) {
        shop.db.insert(pickUpDays).values(values).run();
        return;
      }
      const booked = bookedOn(shop, id);
      if (input.capacity < booked) {
        throw new ShopError({
          kind: 'bad_request',
          message: pickUpDayCapacityBelowBooked(displayPickUpDate(input.date), booked),
        });
      }
      const moved =
        current.date !== input.date ||
        current.startTime !== input.startTime ||
        current.endTime !== input.endTime;
      const customersSaw: [number, OrderForEmail | null][] = moved
        ? waitingOrdersOn(shop, id).map((orderId) => [orderId, orderForEmail(shop, orderId)])
        : [];
      shop.db.update(pickUpDays).set(values).where(eq(pickUpDays.pickUpDayId, id)).run();
      for (const [orderId, saw] of customersSaw) if (saw) tellCustomerOfSave(shop, saw, orderId);
    })
    .immediate();
  shop.flushEmail();
  return listPickUpDays(shop);
}
