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
/**
 * Per zone and span length: the UTC offset of each span asked about so far (null where it changes inside it).
 * A span whose first and last second have the same offset is taken to have it throughout: zones change at
 * most once in a day (twice in a day back to the same offset has never been in the time-zone database).
 */
const offsets = new Map<string, Map<number, number | null>>();

function offsetOfSpan(index: number, span: number, timeZone: string): number | null {
  const key = `${span}\u0000${timeZone}`;
  let known = offsets.get(key);
  if (!known) {
    known = new Map();
    offsets.set(key, known);
  }
  let offset = known.get(index);
  if (offset === undefined) {
    const start = index * span;
    const at = (ms: number) => {
      const p = partsByIntl(ms, timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
    };
    const first = at(start);
    offset = first === at(start + span - 1000) ? first : null;
    // Ten seasons of orders ask about a few thousand days, and quarter hours only on the days a zone changes.
    if (known.size > 100_000) known.clear();
    known.set(index, offset);
  }
  return offset;
}

/**
 * Wall-clock parts of an instant in a zone. Intl's formatToParts costs about 10 µs, which ten seasons of
 * orders (dates in lists and exports) turned into a second: the offset is looked up once per UTC day and the
 * parts are plain arithmetic after that. On a day the offset changes, once per quarter hour (zones change
 * only at whole quarter hours); a quarter hour in which it changes (or a historic zone with seconds in it)
 * asks Intl every time. (Once per quarter hour alone missed almost every time: 100,000 orders over ten years
 * fall in as many different quarter hours, and each miss asked Intl twice.)
 */
export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) return partsByIntl(instant, timeZone);
  const offset =
    offsetOfSpan(Math.floor(ms / DAY), DAY, timeZone) ??
    offsetOfSpan(Math.floor(ms / QUARTER_HOUR), QUARTER_HOUR, timeZone);
  if (offset === null) return partsByIntl(instant, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
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
