import { describe, expect, it } from 'vitest';
import { zonedParts, zonedYear } from './zonedTime.ts';

/** What Intl says, asked afresh every time: the reference the cached offsets must agree with. */
const references = new Map<string, Intl.DateTimeFormat>();
function byIntl(ms: number, timeZone: string) {
  const format =
    references.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  references.set(timeZone, format);
  const parts = format.formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

describe('zonedParts', () => {
  // Chicago and Adelaide change by an hour in opposite halves of the year, Lord Howe by half an hour,
  // Kathmandu sits at +05:45, and Amsterdam in 1920 was +00:19:32 (an offset with seconds).
  const zones = ['America/Chicago', 'Australia/Adelaide', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];

  it('agrees with Intl on every second around each daylight-saving change of 2025', () => {
    for (const zone of zones) {
      let previous = byIntl(Date.UTC(2025, 0, 1), zone);
      // Walk the year an hour at a time; where the wall clock jumps, check every second around it.
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 60 * 60_000) {
        const now = byIntl(ms, zone);
        expect(zonedParts(ms, zone)).toEqual(now);
        const jumped =
          Date.UTC(now.year, now.month - 1, now.day, now.hour, now.minute) -
          Date.UTC(previous.year, previous.month - 1, previous.day, previous.hour, previous.minute);
        if (jumped !== 60 * 60_000) {
          for (let s = ms - 61 * 60_000; s <= ms + 60_000; s += 1000) {
            expect(zonedParts(s, zone)).toEqual(byIntl(s, zone));
          }
        }
        previous = now;
      }
    }
  }, 60_000);

  it('agrees with Intl around a change at midnight UTC, where a day is compared with the next day', () => {
    // Casablanca went from +00:00 to +01:00 at 2010-05-02T00:00Z, Tripoli from +02:00 to +01:00 at
    // 2012-11-10T00:00Z: the day before each ends with the old offset, the day of the change starts with the new.
    for (const [zone, change, backwards] of [
      ['Africa/Casablanca', Date.UTC(2010, 4, 2), false],
      ['Africa/Tripoli', Date.UTC(2012, 10, 10), true],
    ] as const) {
      const instants = Array.from({ length: 6 * 360 + 1 }, (_, i) => change + (i - 3 * 360) * 10_000 + 999);
      for (const ms of backwards ? instants.reverse() : instants) {
        expect(zonedParts(ms, zone)).toEqual(byIntl(ms, zone));
      }
    }
  });

  it('agrees with Intl on random instants over fifty years, with milliseconds', () => {
    let seed = 19;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const zone of [...zones, 'Europe/Amsterdam']) {
      for (let i = 0; i < 1000; i += 1) {
        const ms = Math.floor(Date.UTC(1915, 0, 1) + next() * 110 * 365 * 86_400_000);
        expect(zonedParts(ms, zone)).toEqual(byIntl(ms, zone));
        expect(zonedParts(new Date(ms), zone)).toEqual(byIntl(ms, zone));
      }
    }
  }, 60_000);
});

describe('zonedYear', () => {
  it('agrees with Intl every quarter hour around New Year in the zones furthest from UTC, and through a year', () => {
    const zones = [
      'Pacific/Kiritimati',
      'Etc/GMT+12',
      'Pacific/Pago_Pago',
      'America/Chicago',
      'Asia/Tokyo',
      'UTC',
    ];
    for (const zone of zones) {
      for (let ms = Date.UTC(2025, 11, 30); ms < Date.UTC(2026, 0, 3); ms += 15 * 60_000) {
        expect(zonedYear(ms, zone)).toBe(byIntl(ms, zone).year);
      }
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 6 * 60 * 60_000 + 1) {
        expect(zonedYear(new Date(ms), zone)).toBe(byIntl(ms, zone).year);
      }
    }
  });
});
