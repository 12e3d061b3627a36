import { wallClockMs, zonedParts } from './zonedTime.ts';

// Built from parts rather than toLocaleString: ICU versions differ in the space before AM/PM
// (U+202F in newer ones), which would make server and browser output disagree.

const DAY = 24 * 60 * 60_000;

/** A calendar date as the shop writes it: 11/22/2026. */
const dateText = (year: number, month: number, day: number) => `${month}/${day}/${year}`;

/** A time of day as the shop writes it: 3:04 PM, 12:00 AM. */
function clockText(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const ampm = hour < 12 ? 'AM' : 'PM';
  return `${hour12}:${String(minute).padStart(2, '0')} ${ampm}`;
}

// A list of 100,000 orders writes as many dates: each calendar day's text is made once (by the day's number since
// 1970 on the wall clock, the same text in every zone), and each minute of the day's once, when first asked for
// (a page that shows no date makes none).
const dayTexts = new Map<number, string>();
let clockTexts: string[] | null = null;
const minuteOfDayText = (minute: number) => {
  clockTexts ??= Array.from({ length: 24 * 60 }, (_, m) => clockText(Math.floor(m / 60), m % 60));
  return clockTexts[minute];
};

function dayTextOf(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    const date = new Date(day * DAY);
    text = dateText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
    if (dayTexts.size > 100_000) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

export function formatDate(date: Date | number, timeZone: string): string {
  const wall = wallClockMs(typeof date === 'number' ? date : date.getTime(), timeZone);
  if (wall !== null) return dayTextOf(Math.floor(wall / DAY));
  const p = zonedParts(date, timeZone);
  return dateText(p.year, p.month, p.day);
}

export function formatDateTime(date: Date | number, timeZone: string): string {
  const wall = wallClockMs(typeof date === 'number' ? date : date.getTime(), timeZone);
  if (wall !== null) {
    const day = Math.floor(wall / DAY);
    return `${dayTextOf(day)} ${minuteOfDayText(Math.floor((wall - day * DAY) / 60_000))}`;
  }
  const p = zonedParts(date, timeZone);
  return `${dateText(p.year, p.month, p.day)} ${clockText(p.hour, p.minute)}`;
}

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the four-digit years toISOString writes. */
const FIRST_ISO_MS = -62_167_219_200_000;
const LAST_ISO_MS = 253_402_300_799_999;
const isoDays = new Map<number, string>();
let digits: { two: string[]; three: string[] } | null = null;

/**
 * `new Date(ms).toISOString()`, which V8 writes through a printf per call: a list of 100,000 orders spent 50 ms
 * of its server CPU there. Each UTC day's "2026-11-22T" is made once by toISOString itself, the time of day by
 * arithmetic; anything but a whole millisecond of the years 0000-9999 goes to toISOString (its six-digit
 * years, its RangeError for an invalid date).
 */
export function isoTimestamp(ms: number): string {
  if (!Number.isInteger(ms) || ms < FIRST_ISO_MS || ms > LAST_ISO_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY);
  let prefix = isoDays.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    if (isoDays.size > 100_000) isoDays.clear();
    isoDays.set(day, prefix);
  }
  digits ??= {
    two: Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0')),
    three: Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0')),
  };
  const { two, three } = digits;
  const inDay = ms - day * DAY;
  const second = Math.floor(inDay / 1000);
  return `${prefix}${two[Math.floor(second / 3600)]}:${two[Math.floor(second / 60) % 60]}:${two[second % 60]}.${three[inDay % 1000]}Z`;
}

const UNITS: readonly [name: string, ms: number][] = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** Coarse on purpose: staff want "2 days ago", not a precise duration. */
export function relativeTime(date: Date | number, now: Date | number = Date.now()): string {
  const diff = Number(now) - Number(date);
  const abs = Math.abs(diff);
  for (const [name, size] of UNITS) {
    if (abs >= size) {
      const n = Math.floor(abs / size);
      const unit = `${n} ${name}${n === 1 ? '' : 's'}`;
      return diff >= 0 ? `${unit} ago` : `in ${unit}`;
    }
  }
  return 'just now';
}
