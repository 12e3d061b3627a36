import { describe, expect, it } from 'vitest';
import { ALL_SEASONS, seasonBounds, seasonLabel, seasonList, seasonOf } from './seasons.ts';

const TZ = 'America/Chicago';

describe('seasonOf', () => {
  it('switches at July 1 00:00 local time', () => {
    // June 30 23:59 CDT is 04:59Z on July 1; still the old season.
    expect(seasonOf(new Date('2024-07-01T04:59:00Z'), TZ)).toBe(2023);
    expect(seasonOf(new Date('2024-07-01T05:00:00Z'), TZ)).toBe(2024);
  });
  it('uses the year in the shop zone, not UTC', () => {
    // Dec 31 2024 23:30 in Chicago is already 2025 in UTC.
    expect(seasonOf(new Date('2025-01-01T05:30:00Z'), TZ, 1)).toBe(2024);
    expect(seasonOf(new Date('2025-01-01T06:00:00Z'), TZ, 1)).toBe(2025);
  });
  it('honours the start month on both sides of a DST change', () => {
    // DST ended on 2024-11-03; a November start is CDT, a March start is CST.
    expect(seasonOf(new Date('2024-11-01T04:59:00Z'), TZ, 11)).toBe(2023);
    expect(seasonOf(new Date('2024-11-01T05:00:00Z'), TZ, 11)).toBe(2024);
    expect(seasonOf(new Date('2025-03-01T05:59:00Z'), TZ, 3)).toBe(2024);
    expect(seasonOf(new Date('2025-03-01T06:00:00Z'), TZ, 3)).toBe(2025);
  });
});

describe('seasonBounds', () => {
  it('gives local midnights as instants, end exclusive', () => {
    expect(seasonBounds(2024, TZ)).toEqual({
      start: new Date('2024-07-01T05:00:00Z'),
      end: new Date('2025-07-01T05:00:00Z'),
    });
  });
  it('follows the offset in force at each end', () => {
    // January starts are CST (-6), July starts CDT (-5).
    expect(seasonBounds(2024, TZ, 1)).toEqual({
      start: new Date('2024-01-01T06:00:00Z'),
      end: new Date('2025-01-01T06:00:00Z'),
    });
    // A March season starts in CST and, in 2024, DST began on March 10.
    expect(seasonBounds(2024, TZ, 3).start).toEqual(new Date('2024-03-01T06:00:00Z'));
  });
  it('agrees with seasonOf at both edges', () => {
    for (const month of [1, 3, 7, 11]) {
      const { start, end } = seasonBounds(2024, TZ, month);
      expect(seasonOf(start, TZ, month)).toBe(2024);
      expect(seasonOf(new Date(start.getTime() - 1), TZ, month)).toBe(2023);
      expect(seasonOf(end, TZ, month)).toBe(2025);
      expect(seasonOf(new Date(end.getTime() - 1), TZ, month)).toBe(2024);
    }
  });
  it('works in zones east of UTC', () => {
    expect(seasonBounds(2024, 'Europe/Berlin').start).toEqual(new Date('2024-06-30T22:00:00Z'));
    expect(seasonBounds(2024, 'UTC').start).toEqual(new Date('2024-07-01T00:00:00Z'));
  });
  it('lands after the gap when local midnight does not exist', () => {
    // Santiago sprang forward at 2024-09-08 00:00 local, straight to 01:00.
    const { start } = seasonBounds(2024, 'America/Santiago', 9);
    expect(seasonOf(start, 'America/Santiago', 9)).toBe(2024);
    expect(seasonOf(new Date(start.getTime() - 1), 'America/Santiago', 9)).toBe(2023);
  });
});

describe('seasonLabel', () => {
  it('formats the two years', () => {
    expect(seasonLabel(2024)).toBe('2024-25');
    expect(seasonLabel(2016)).toBe('2016-17');
    expect(seasonLabel(1999)).toBe('1999-00');
    expect(seasonLabel(2099)).toBe('2099-00');
    expect(seasonLabel(2008)).toBe('2008-09');
    expect(seasonLabel(ALL_SEASONS)).toBe('All Seasons');
  });
});

describe('seasonList', () => {
  it('runs newest first down to 2016 by default', () => {
    const list = seasonList(null, 2024);
    expect(list[0]).toEqual({ value: 2024, label: '2024-25' });
    expect(list.at(-1)).toEqual({ value: 2016, label: '2016-17' });
    expect(list).toHaveLength(9);
  });
  it('reaches back to an older first order', () => {
    expect(seasonList(2014, 2016).map((s) => s.value)).toEqual([2016, 2015, 2014]);
  });
  it('still starts at 2016 when the first order is newer', () => {
    expect(seasonList(2020, 2017).map((s) => s.value)).toEqual([2017, 2016]);
  });
  it('always holds the current season', () => {
    expect(seasonList(null, 2015).map((s) => s.value)).toEqual([2015]);
  });
  it('has the all-seasons value', () => {
    expect(ALL_SEASONS).toBe(-1);
  });
});
