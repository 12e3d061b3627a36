import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isoTimestamp, relativeTime } from './display.ts';

const TZ = 'America/Chicago';

describe('formatDate / formatDateTime', () => {
  it('shows the date in the shop zone', () => {
    expect(formatDate(new Date('2026-11-22T21:04:00Z'), TZ)).toBe('11/22/2026');
    expect(formatDate(Date.parse('2026-11-23T03:00:00Z'), TZ)).toBe('11/22/2026');
    expect(formatDate(Date.parse('2026-01-05T12:00:00Z'), TZ)).toBe('1/5/2026');
  });
  it('shows a 12-hour clock', () => {
    expect(formatDateTime(Date.parse('2026-11-22T21:04:00Z'), TZ)).toBe('11/22/2026 3:04 PM');
    expect(formatDateTime(Date.parse('2026-11-22T06:00:00Z'), TZ)).toBe('11/22/2026 12:00 AM');
    expect(formatDateTime(Date.parse('2026-11-22T18:30:00Z'), TZ)).toBe('11/22/2026 12:30 PM');
  });
});

describe('formatDate / formatDateTime against Intl, around the changes of the clock', () => {
  const offsetNames = new Map<string, Intl.DateTimeFormat>();
  /** Intl's name of the zone's UTC offset at an instant: GMT-05:00, GMT+10:30, GMT. */
  function offsetName(ms: number, timeZone: string): string {
    const format =
      offsetNames.get(timeZone) ?? new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetNames.set(timeZone, format);
    return format.formatToParts(ms).find((x) => x.type === 'timeZoneName')?.value ?? '';
  }

  /** The date and clock by Intl's offset at that instant: what the remembered days and offsets must agree with. */
  function byIntl(ms: number, timeZone: string) {
    const [, sign, hours, minutes] = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(offsetName(ms, timeZone)) ?? [];
    const offset = (sign === '-' ? -1 : 1) * (Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60_000;
    const wall = new Date(ms + offset);
    const hour = wall.getUTCHours();
    const minute = String(wall.getUTCMinutes()).padStart(2, '0');
    return {
      date: `${wall.getUTCMonth() + 1}/${wall.getUTCDate()}/${wall.getUTCFullYear()}`,
      clock: `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`,
    };
  }

  /** The hours of 2025 in which the zone's UTC offset changed. */
  function changesOf2025(timeZone: string): number[] {
    const changes: number[] = [];
    let before = offsetName(Date.UTC(2025, 0, 1), timeZone);
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 60 * 60_000) {
      const after = offsetName(ms + 60 * 60_000, timeZone);
      if (after !== before) changes.push(ms);
      before = after;
    }
    return changes;
  }

  // Chicago springs forward and falls back an hour, Adelaide (+09:30/+10:30) the other way round in the year,
  // Lord Howe by half an hour (+10:30/+11:00), Kathmandu stays at +05:45, Casablanca leaves +01:00 for Ramadan.
  const zones = [
    'America/Chicago',
    'Australia/Adelaide',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Africa/Casablanca',
  ];

  it('finds both changes of the clock in the zones that have them', () => {
    expect(changesOf2025('America/Chicago')).toHaveLength(2);
    expect(changesOf2025('Australia/Adelaide')).toHaveLength(2);
    expect(changesOf2025('Australia/Lord_Howe')).toHaveLength(2);
    expect(changesOf2025('Asia/Kathmandu')).toHaveLength(0);
  });

  it('agrees with Intl every minute for three hours either side of each change, and on every day of the year', () => {
    for (const zone of zones) {
      for (const change of changesOf2025(zone)) {
        // Walked forwards and then backwards, so that either side of the change is the first one remembered.
        const minutes = Array.from({ length: 361 }, (_, i) => change + (i - 180) * 60_000 + 59_999);
        for (const ms of [...minutes, ...minutes.reverse()]) {
          const { date, clock } = byIntl(ms, zone);
          expect(formatDateTime(ms, zone)).toBe(`${date} ${clock}`);
          expect(formatDate(new Date(ms), zone)).toBe(date);
        }
      }
      for (let ms = Date.UTC(2025, 0, 1, 7, 31); ms < Date.UTC(2026, 0, 1); ms += 24 * 60 * 60_000 + 61_000) {
        const { date, clock } = byIntl(ms, zone);
        expect(formatDateTime(ms, zone)).toBe(`${date} ${clock}`);
      }
    }
  });

  it('writes the same instant in each zone by its own wall clock', () => {
    const at = Date.parse('2025-11-02T06:30:00Z');
    expect(formatDateTime(at, 'America/Chicago')).toBe('11/2/2025 1:30 AM');
    expect(formatDateTime(at, 'Asia/Kathmandu')).toBe('11/2/2025 12:15 PM');
    expect(formatDateTime(at, 'Australia/Lord_Howe')).toBe('11/2/2025 5:30 PM');
    // An hour later Chicago's clock shows 1:30 again, an hour behind.
    expect(formatDateTime(at + 60 * 60_000, 'America/Chicago')).toBe('11/2/2025 1:30 AM');
    expect(formatDateTime(at + 60 * 60_000, 'Australia/Adelaide')).toBe('11/2/2025 6:00 PM');
  });

  it('keeps what Intl does with an instant that is no date', () => {
    expect(() => formatDateTime(Number.NaN, 'America/Chicago')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN), 'America/Chicago')).toThrow(RangeError);
  });
});

describe('isoTimestamp', () => {
  it('writes what toISOString writes', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const instants = [
      0,
      -1,
      1,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(1969, 11, 31, 23, 59, 59, 1),
      -62_167_219_200_000,
      -62_167_219_200_001,
      253_402_300_799_999,
      253_402_300_800_000,
      8.64e15,
      -8.64e15,
    ];
    for (let i = 0; i < 20_000; i += 1) instants.push(Math.floor((next() - 0.5) * 2 * 2.6e14));
    for (let i = 0; i < 2_000; i += 1) instants.push(Math.floor(Date.UTC(2016, 0, 1) + next() * 3.2e11));
    for (const ms of instants) expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
  });

  it("keeps toISOString's answer for a fraction of a millisecond and its RangeError for no date", () => {
    expect(isoTimestamp(1.5)).toBe('1970-01-01T00:00:00.001Z');
    expect(isoTimestamp(-0.5)).toBe(new Date(-0.5).toISOString());
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
    expect(() => isoTimestamp(8.64e15 + 1)).toThrow(RangeError);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('speaks coarsely', () => {
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(relativeTime(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(relativeTime(now - 5 * 3_600_000, now)).toBe('5 hours ago');
    expect(relativeTime(now - 2 * 86_400_000, now)).toBe('2 days ago');
    expect(relativeTime(now - 400 * 86_400_000, now)).toBe('1 year ago');
    expect(relativeTime(now + 3 * 60_000, now)).toBe('in 3 minutes');
  });
});
