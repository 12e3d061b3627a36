import { orders, pickUpDays, pickUpReminders } from '@nursery/db';
import { shopToday, zonedParts } from '@nursery/domain';
import { and, eq, isNull, ne, notExists } from 'drizzle-orm';
import type { Shop } from '../shop.ts';
import { orderForEmail, queueOrderEmail } from './service.ts';

/** How often the shop looks for orders to remind: hourly is soon enough for "the day before". */
export const REMINDER_CHECK_INTERVAL_MS = 60 * 60_000;
/**
 * Reminders go out from this hour of the day before, in the shop's time zone: a shop started at 2 AM must not
 * e-mail its customers at 2 AM.
 */
export const REMINDER_FROM_HOUR = 9;

/** The calendar day after a YYYY-MM-DD date. */
function dayAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * Writes the pick-up reminder of every live order with an e-mail address whose pick-up day is tomorrow in the
 * shop's time zone, once per order and day: the reminder's row (order, date) is written in the same
 * transaction as its e-mail, so a second pass, an overlapping one or one after a restart finds it and writes
 * nothing. An order moved to another day gets that day's reminder too. Answers how many were written.
 */
export function sendPickUpReminders(shop: Shop): number {
  if (shop.database.damage || !shop.database.sqlite.open) return 0;
  const now = shop.now();
  const timeZone = shop.config.shop.timeZone;
  if (zonedParts(now, timeZone).hour < REMINDER_FROM_HOUR) return 0;
  const tomorrow = dayAfter(shopToday(now, timeZone));
  const written = shop.database.sqlite
    .transaction(() => {
      const due = shop.db
        .select({ orderId: orders.orderId })
        .from(orders)
        .innerJoin(pickUpDays, eq(pickUpDays.pickUpDayId, orders.pickUpDayId))
        .where(
          and(
            eq(pickUpDays.date, tomorrow),
            isNull(orders.deletedAt),
            ne(orders.email, ''),
            notExists(
              shop.db
                .select({ orderId: pickUpReminders.orderId })
                .from(pickUpReminders)
                .where(
                  and(eq(pickUpReminders.orderId, orders.orderId), eq(pickUpReminders.pickUpDate, tomorrow)),
                ),
            ),
          ),
        )
        .all();
      let count = 0;
      for (const { orderId } of due) {
        const claimed = shop.db
          .insert(pickUpReminders)
          .values({ orderId, pickUpDate: tomorrow, createdAt: now.getTime() })
          .onConflictDoNothing()
          .run();
        if (claimed.changes !== 1) continue;
        const found = orderForEmail(shop, orderId);
        if (!found) continue;
        const emailId = queueOrderEmail(shop, 'pickup-reminder', found.order, found.values);
        shop.db
          .update(pickUpReminders)
          .set({ emailId })
          .where(and(eq(pickUpReminders.orderId, orderId), eq(pickUpReminders.pickUpDate, tomorrow)))
          .run();
        count += 1;
      }
      return count;
    })
    .immediate();
  if (written > 0) {
    shop.log.info({ pickUpDate: tomorrow, reminders: written }, 'pick-up reminders written');
    shop.flushEmail();
  }
  return written;
}

export interface PickUpReminders {
  /** One pass now (the timer's work); answers how many reminders it wrote. */
  checkNow(): number;
  close(): void;
}

/** The hourly pass in the shop's one process, and one at start (a restart at 10 AM still reminds today). */
export function startPickUpReminders(shop: Shop): PickUpReminders {
  const checkNow = (): number => {
    try {
      return sendPickUpReminders(shop);
    } catch (error) {
      // A busy or read-only database misses this pass; the next one catches up (nothing is marked done).
      shop.log.warn({ err: error }, 'pick-up reminders could not be written this pass');
      return 0;
    }
  };
  const first = setImmediate(checkNow);
  const timer = setInterval(checkNow, REMINDER_CHECK_INTERVAL_MS);
  // Never keeps a finished process (a test, a command) alive.
  timer.unref();
  first.unref();
  return {
    checkNow,
    close() {
      clearImmediate(first);
      clearInterval(timer);
    },
  };
}
