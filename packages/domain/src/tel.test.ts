import { describe, expect, it } from 'vitest';
import { telHref } from './tel.ts';

describe('telHref', () => {
  it('dials the digits of a number as staff typed it', () => {
    expect(telHref('(555) 310-4477')).toBe('tel:5553104477');
    expect(telHref('+1 555.310.4477 ext')).toBe('tel:+15553104477');
  });
});
