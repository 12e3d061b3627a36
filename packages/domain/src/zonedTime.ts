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
/** Per zone: the UTC offset of each quarter hour asked about so far (null where it changes inside it). */
const offsets = new Map<string, Map<number, number | null>>();

function offsetOfQuarter(quarter: number, timeZone: string): number | null {
  let known = offsets.get(timeZone);
  if (!known) {
    known = new Map();
    offsets.set(timeZone, known);
  }
  let offset = known.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR;
    const at = (ms: number) => {
      const p = partsByIntl(ms, timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
    };
    const first = at(start);
    offset = first === at(start + QUARTER_HOUR - 1000) ? first : null;
    // A list of ten seasons' orders asks about tens of thousands of quarter hours at most.
    if (known.size > 100_000) known.clear();
    known.set(quarter, offset);
  }
  return offset;
}

/**
 * Wall-clock parts of an instant in a zone. Intl's formatToParts costs about 10 µs, which ten seasons of
 * orders (dates in lists and exports) turned into a second: zones change their offset only at whole quarter
 * hours, so the offset is looked up once per quarter hour and the parts are plain arithmetic after that.
 * A quarter hour in which the offset changes (or a historic zone with seconds in it) asks Intl every time.
 */
export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) return partsByIntl(instant, timeZone);
  const offset = offsetOfQuarter(Math.floor(ms / QUARTER_HOUR), timeZone);
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
