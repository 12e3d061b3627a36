import { zonedParts } from './zonedTime.ts';

// Built from parts rather than toLocaleString: ICU versions differ in the space before AM/PM
// (U+202F in newer ones), which would make server and browser output disagree.

export function formatDate(date: Date | number, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.month}/${p.day}/${p.year}`;
}

export function formatDateTime(date: Date | number, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const ampm = p.hour < 12 ? 'AM' : 'PM';
  return `${p.month}/${p.day}/${p.year} ${hour12}:${String(p.minute).padStart(2, '0')} ${ampm}`;
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
