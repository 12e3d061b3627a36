import { describe, expect, it } from 'vitest';
import {
  displayClockTime,
  displayPickUpDay,
  isCalendarDate,
  isClockTime,
  isPastPickUpDay,
  isPickUpDayClosed,
  isPickUpDayFull,
  isPickUpDayRefusal,
  pickUpDayClosed,
  shopClock,
  shopToday,
} from './pickUpDays.ts';
import { pickUpDayInputSchema } from './schemas/pickUpDays.ts';

describe('pick-up days', () => {
  it('reads dates and times strictly', () => {
    expect(isCalendarDate('2026-04-04')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('4/4/2026')).toBe(false);
    expect(isClockTime('09:00')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('9:00')).toBe(false);
  });

  it("takes today from the shop's time zone, not the server's", () => {
    // 03:30 UTC on April 5 is still April 4 in Chicago.
    const instant = Date.UTC(2026, 3, 5, 3, 30);
    expect(shopToday(instant, 'America/Chicago')).toBe('2026-04-04');
    expect(shopToday(instant, 'Europe/Berlin')).toBe('2026-04-05');
    expect(isPastPickUpDay('2026-04-04', '2026-04-04')).toBe(false);
    expect(isPastPickUpDay('2026-04-03', '2026-04-04')).toBe(true);
  });

  it("closes a day at its closing time in the shop's time zone", () => {
    const day = { date: '2026-11-28', endTime: '16:00' };
    // 11:05 PM on Saturday in Chicago is already Sunday in UTC.
    const lateSaturday = shopClock(Date.UTC(2026, 10, 29, 5, 5), 'America/Chicago');
    expect(lateSaturday).toEqual({ today: '2026-11-28', time: '23:05' });
    expect(isPickUpDayClosed(day, lateSaturday)).toBe(true);
    expect(isPickUpDayClosed(day, { today: '2026-11-28', time: '15:59' })).toBe(false);
    expect(isPickUpDayClosed(day, { today: '2026-11-28', time: '16:00' })).toBe(true);
    expect(isPickUpDayClosed(day, { today: '2026-11-27', time: '23:59' })).toBe(false);
    expect(isPickUpDayClosed(day, { today: '2026-11-29', time: '08:00' })).toBe(true);
    expect(isPickUpDayRefusal(pickUpDayClosed(day))).toBe(true);
    expect(isPickUpDayRefusal('Only 2 of Pawpaw are left.')).toBe(false);
  });

  it('is full once its orders reach the capacity', () => {
    expect(isPickUpDayFull(0, 1)).toBe(false);
    expect(isPickUpDayFull(1, 1)).toBe(true);
    expect(isPickUpDayFull(3, 2)).toBe(true);
  });

  it('names a day as people read it', () => {
    expect(displayClockTime('00:15')).toBe('12:15 AM');
    expect(displayClockTime('12:00')).toBe('12:00 PM');
    expect(displayPickUpDay({ date: '2026-04-04', startTime: '09:00', endTime: '16:30' })).toBe(
      'Saturday, April 4, 2026, 9:00 AM to 4:30 PM',
    );
  });

  it('refuses a day whose hours end before they start, naming the field', () => {
    const r = pickUpDayInputSchema.safeParse({
      date: '2026-04-04',
      startTime: '12:00',
      endTime: '12:00',
      capacity: 3,
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['endTime', 'endTime must be later than startTime.'],
    ]);
    const ok = pickUpDayInputSchema.parse({
      date: ' 2026-04-04 ',
      startTime: '09:00',
      endTime: '12:00',
      capacity: 3,
      note: '',
    });
    expect(ok).toMatchObject({ date: '2026-04-04', capacity: 3, note: null });
  });
});
