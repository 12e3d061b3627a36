import { zonedParts } from './zonedTime.ts';

/**
 * Pick-up days: the days of the season staff open for collecting orders, each with its hours and how many
 * orders it can take. The rules here are shared by the checkout, the back office and the server.
 *
 * A day's `date` is the shop's local calendar day (YYYY-MM-DD) and its hours local wall-clock times (HH:MM,
 * 24-hour), so a day never shifts with the time zone of a server or a browser.
 */

export const PICK_UP_DAY_FULL = 'That pick-up day is full. Please choose another day.';
export const PICK_UP_DAY_REQUIRED = 'Please choose a pick-up day for your order.';
export const PICK_UP_DAY_NOT_OFFERED = 'That pick-up day is no longer offered. Please choose another day.';
export const PICK_UP_DAYS_ALL_FULL =
  'Every pick-up day is full, so we cannot take this order online. Please contact us.';
/** Staff moving an order into a full day: the way out is raising the day's capacity first (docs/decisions.md). */
export const pickUpDayFullForStaff = (day: string, capacity: number) =>
  `${day} is full (${capacity} of ${capacity} orders). Raise its capacity in Settings > Pick-up Days first, or choose another day.`;
/** A deleted order holds no place on its day: restored onto a day that filled meanwhile, it would overbook it. */
export const pickUpDayFullForRestore = (day: string, capacity: number) =>
  `${day} is full (${capacity} of ${capacity} orders), and this order would be one more. Raise its capacity in Settings > Pick-up Days first, then restore the order.`;
export const pickUpDayHasOrders = (day: string, booked: number) =>
  `${day} has ${booked} order${booked === 1 ? '' : 's'}. Move ${booked === 1 ? 'it' : 'them'} to another day on the order's edit page first, or change this day's date and hours instead of deleting it.`;
export const pickUpDayCapacityBelowBooked = (day: string, booked: number) =>
  `${day} already has ${booked} order${booked === 1 ? '' : 's'}, so its capacity cannot be below ${booked}.`;
export const pickUpDayDateTaken = (day: string) =>
  `There is already a pick-up day on ${day}. Change that day instead.`;
export const PICK_UP_DAY_NOT_FOUND = 'There is no such pick-up day.';

export const PICK_UP_CAPACITY_MAX = 100_000;
export const PICK_UP_NOTE_MAX = 200;

export interface PickUpDayTimes {
  date: string;
  startTime: string;
  endTime: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether text is a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whether text is a 24-hour time HH:MM, as a time input gives it. */
export function isClockTime(text: string): boolean {
  return TIME.test(text);
}

/** The shop's local date today (YYYY-MM-DD): days before it are past and not offered to customers. */
export function shopToday(now: Date | number, timeZone: string): string {
  return shopClock(now, timeZone).today;
}

/** A day whose date has passed in the shop's time zone (staff may still correct it; docs/decisions.md). */
export function isPastPickUpDay(date: string, today: string): boolean {
  return date < today;
}

/** The shop's wall clock now: its local date and time (HH:MM), read in the shop's time zone. */
export interface ShopClock {
  today: string;
  time: string;
}

export function shopClock(now: Date | number, timeZone: string): ShopClock {
  const p = zonedParts(now, timeZone);
  return {
    today: `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`,
    time: `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`,
  };
}

/**
 * A day is offered to customers until it closes: once its closing time has come on its own date in the shop's
 * time zone, nobody can collect on it any more, so an order for it would promise what the shop cannot keep.
 */
export function isPickUpDayClosed(day: Pick<PickUpDayTimes, 'date' | 'endTime'>, clock: ShopClock): boolean {
  return day.date < clock.today || (day.date === clock.today && day.endTime <= clock.time);
}

/** The server's answer to a customer choosing today's day after it closed: why, and what to do. */
export const pickUpDayClosed = (day: Pick<PickUpDayTimes, 'date' | 'endTime'>) =>
  `Pick-up on ${displayPickUpDate(day.date)} closed at ${displayClockTime(day.endTime)}. Please choose another day.`;

/**
 * Why a day's date cannot be saved, or null when it can: a new day cannot be opened on a date already past in
 * the shop's time zone (no customer could ever choose it), nor an existing day moved onto one. A past day may
 * keep its own date while staff correct its hours, capacity or note (recording what happened; docs/decisions.md).
 * `currentDate` is the day's date before the change, null for a new day.
 */
export function pickUpDayDateProblem(date: string, today: string, currentDate: string | null): string | null {
  if (!isPastPickUpDay(date, today) || date === currentDate) return null;
  return `date must be today or later: ${displayPickUpDate(date)} has already passed.`;
}

/** The one capacity rule: a day is full once its live (not deleted) orders reach its capacity. */
export function isPickUpDayFull(booked: number, capacity: number): boolean {
  return booked >= capacity;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'Saturday, April 4, 2026' for '2026-04-04'. */
export function displayPickUpDate(date: string): string {
  const m = DATE.exec(date);
  if (!m) return date;
  return dateFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** '9:00 AM' for '09:00'. */
export function displayClockTime(time: string): string {
  const m = TIME.exec(time);
  if (!m) return time;
  const hour = Number(m[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '9:00 AM to 4:00 PM'. */
export function displayPickUpHours(day: Pick<PickUpDayTimes, 'startTime' | 'endTime'>): string {
  return `${displayClockTime(day.startTime)} to ${displayClockTime(day.endTime)}`;
}

/** 'Saturday, April 4, 2026, 9:00 AM to 4:00 PM': how an order, a list row or an e-mail names its day. */
export function displayPickUpDay(day: PickUpDayTimes): string {
  return `${displayPickUpDate(day.date)}, ${displayPickUpHours(day)}`;
}

/**
 * How a customer's e-mails name the day: 'Saturday, April 4, 2026, 9:00 AM to 4:00 PM (At the barn)'. The note
 * says where or how to collect, so the customer reads it wherever the day is named, not only at checkout.
 */
export function displayPickUpDayWithNote(displayDay: string, note: string | null): string {
  return note ? `${displayDay} (${note})` : displayDay;
}

/**
 * Why a customer's choice of pick-up day cannot be taken, or null when it can: the one rule the checkout's
 * details step and the server's submit both apply. `offered` holds the days not yet closed (or, for a chosen
 * day, that day alone when it is still offered). While any day is offered one with room must be chosen; with
 * none offered the order has no day, exactly as before pick-up days existed.
 */
export function pickUpDayChoiceProblem(
  offered: readonly { pickUpDayId: number; isFull: boolean }[],
  chosen: number | null,
): string | null {
  if (chosen === null) {
    if (offered.length === 0) return null;
    return offered.some((d) => !d.isFull) ? PICK_UP_DAY_REQUIRED : PICK_UP_DAYS_ALL_FULL;
  }
  const day = offered.find((d) => d.pickUpDayId === chosen);
  if (!day) return PICK_UP_DAY_NOT_OFFERED;
  return day.isFull ? PICK_UP_DAY_FULL : null;
}

const CLOSED = /^Pick-up on .+ closed at .+\. Please choose another day\.$/;

/** Whether a refused order's message is about its pick-up day, so the checkout takes the customer back to the days. */
export function isPickUpDayRefusal(message: string): boolean {
  return (
    [PICK_UP_DAY_FULL, PICK_UP_DAY_NOT_OFFERED, PICK_UP_DAY_REQUIRED, PICK_UP_DAYS_ALL_FULL].some((text) =>
      message.includes(text),
    ) || CLOSED.test(message)
  );
}

const shortDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** 'Sat, Apr 4' for '2026-04-04': a narrow table column's name of the day. */
export function displayPickUpDateShort(date: string): string {
  const m = DATE.exec(date);
  if (!m) return date;
  return shortDateFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

const menuDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/**
 * 'Sat, Apr 4, 2026' for '2026-04-04': a pick-up day in a menu on a phone, where 'Wednesday, September 22, 2027'
 * and its count no longer fit the select's width and were cut off.
 */
export function displayPickUpDateCompact(date: string): string {
  const m = DATE.exec(date);
  if (!m) return date;
  return menuDateFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}
