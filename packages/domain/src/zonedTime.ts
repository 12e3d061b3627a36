/** Wall-clock parts of an instant in an IANA zone; Intl is the only zone database both runtimes share. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsByIntl(instant: Date | number, timeZone: string): ZonedParts {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

const QUARTER_HOUR = 15 * 60_000;
const DAY = 24 * 60 * 60_000;

/** The UTC offset Intl gives at an instant's whole second. */
function offsetByIntl(ms: number, timeZone: string): number {
  const p = partsByIntl(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * One zone's offsets as looked up so far: of each UTC day (null where it changes inside it), of the first second
 * of each day (a day is compared with the next one's start, so the days of ten seasons ask Intl once each), and
 * of each quarter hour of the days with a change. A span whose first second has the offset of the next span's
 * first second is taken to have it throughout: zones change at most once in a day (twice in a day back to the
 * same offset has never been in the time-zone database).
 */
interface ZoneOffsets {
  days: Map<number, number | null>;
  dayStarts: Map<number, number>;
  quarters: Map<number, number | null>;
}

const zones = new Map<string, ZoneOffsets>();
// The shop asks about its one zone: the last one is kept beside the map, found without hashing its name.
let lastZone: string | null = null;
let lastOffsets: ZoneOffsets | null = null;

function offsetsOf(timeZone: string): ZoneOffsets {
  if (timeZone === lastZone && lastOffsets) return lastOffsets;
  let found = zones.get(timeZone);
  if (!found) {
    found = { days: new Map(), dayStarts: new Map(), quarters: new Map() };
    zones.set(timeZone, found);
  }
  lastZone = timeZone;
  lastOffsets = found;
  return found;
}

// Ten seasons of orders ask about a few thousand days, and quarter hours only on the days a zone changes.
const remember = <T>(known: Map<number, T>, index: number, value: T): T => {
  if (known.size > 100_000) known.clear();
  known.set(index, value);
  return value;
};

function dayStartOffset(zone: ZoneOffsets, day: number, timeZone: string): number {
  return zone.dayStarts.get(day) ?? remember(zone.dayStarts, day, offsetByIntl(day * DAY, timeZone));
}

function dayOffset(zone: ZoneOffsets, day: number, timeZone: string): number | null {
  const known = zone.days.get(day);
  if (known !== undefined) return known;
  const first = dayStartOffset(zone, day, timeZone);
  return remember(zone.days, day, first === dayStartOffset(zone, day + 1, timeZone) ? first : null);
}

function quarterOffset(zone: ZoneOffsets, quarter: number, timeZone: string): number | null {
  const known = zone.quarters.get(quarter);
  if (known !== undefined) return known;
  const start = quarter * QUARTER_HOUR;
  const first = offsetByIntl(start, timeZone);
  const last = offsetByIntl(start + QUARTER_HOUR - 1000, timeZone);
  return remember(zone.quarters, quarter, first === last ? first : null);
}

/**
 * The wall clock of an instant in a zone, to the second, as the milliseconds of a UTC date (read it with the
 * getUTC methods), or null where only Intl can tell (the quarter hour of a change, a historic offset changing
 * at an odd second, an instant that is no date). Intl's formatToParts costs about 10 µs, which ten seasons of
 * orders (dates in lists and exports) turned into a second: the offset is looked up once per UTC day and the
 * wall clock is plain arithmetic after that; on a day the offset changes, once per quarter hour (zones change
 * only at whole quarter hours). (Once per quarter hour alone missed almost every time: 100,000 orders over ten
 * years fall in as many different quarter hours.)
 */
export function wallClockMs(ms: number, timeZone: string): number | null {
  if (!Number.isFinite(ms)) return null;
  const zone = offsetsOf(timeZone);
  const offset =
    dayOffset(zone, Math.floor(ms / DAY), timeZone) ??
    quarterOffset(zone, Math.floor(ms / QUARTER_HOUR), timeZone);
  return offset === null ? null : Math.floor(ms / 1000) * 1000 + offset;
}

/** Wall-clock parts of an instant in a zone (see wallClockMs for where Intl is asked). */
export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const at = wallClockMs(ms, timeZone);
  if (at === null) return partsByIntl(instant, timeZone);
  const wall = new Date(at);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * No zone's clock is more than 14 hours from UTC's (Kiribati +14, Baker Island -12): further than that from
 * UTC's New Year, every zone is in UTC's year. 15 for margin.
 */
const NEW_YEAR_REACH_MS = 15 * 60 * 60_000;

/**
 * The year of an instant in a zone. Asked of Intl (through zonedParts) only within 15 hours of UTC's New Year:
 * the first time-zone formatter a page makes costs it 5-10 ms on a phone, and the footer's year is all most
 * pages would make it for.
 */
export function zonedYear(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const year = new Date(ms).getUTCFullYear();
  if (ms - Date.UTC(year, 0, 1) > NEW_YEAR_REACH_MS && Date.UTC(year + 1, 0, 1) - ms > NEW_YEAR_REACH_MS) {
    return year;
  }
  return zonedParts(ms, timeZone).year;
}

function offsetMs(instantMs: number, timeZone: string): number {
  const p = zonedParts(instantMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a zone. The offset is looked up twice because the
 * first guess can sit on the other side of a DST change; a time skipped by a spring-forward
 * lands just after the gap, which is the first real instant of that local day.
 */
export function zonedTimeToInstant(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  if (first === second) return new Date(first);
  // Inside a gap neither guess maps back to the wall time; the later one is the end of the gap.
  const back = zonedParts(second, timeZone);
  const ok = Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute) === wall;
  return new Date(ok ? second : Math.max(first, second));
}
