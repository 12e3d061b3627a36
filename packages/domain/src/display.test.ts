import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, relativeTime } from './display.ts';

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
