import { describe, expect, it } from 'vitest';
import {
  HARDINESS_ZONE_PROBLEM,
  mayGrowInZone,
  readHardinessZone,
  readZones,
  type ZoneFit,
  zoneFit,
  zoneFitText,
} from './zones.ts';

/** The span of half-zones a text reads as, in the zone names a person writes ('3a'..'7b'), or its kind. */
function read(text: string): string {
  const reading = readZones(text);
  if (reading.kind !== 'span') return reading.kind;
  const name = (half: number) => `${Math.floor(half / 2)}${half % 2 === 0 ? 'a' : 'b'}`;
  return `${name(reading.span.low)}-${name(reading.span.high)}`;
}

describe('readZones', () => {
  it('reads a plain range as whole zones: the colder half of the first to the warmer half of the last', () => {
    expect(read('3-7')).toBe('3a-7b');
    expect(read('1-4')).toBe('1a-4b');
    expect(read('4-10')).toBe('4a-10b');
    expect(read('10-13')).toBe('10a-13b');
    expect(read(' 3 - 8 ')).toBe('3a-8b');
  });

  it('reads every dash a keyboard or a word processor makes', () => {
    expect(read('3–8')).toBe('3a-8b'); // en dash
    expect(read('3—8')).toBe('3a-8b'); // em dash
    expect(read('3−8')).toBe('3a-8b'); // minus sign
    expect(read('3‐8')).toBe('3a-8b'); // hyphen
    expect(read('3 – 8')).toBe('3a-8b');
  });

  it('reads ranges written in words', () => {
    expect(read('4 to 8')).toBe('4a-8b');
    expect(read('4 through 8')).toBe('4a-8b');
    expect(read('4 thru 8')).toBe('4a-8b');
    expect(read('Zones 4 to Zone 8')).toBe('4a-8b');
  });

  it('reads half zones at either end', () => {
    expect(read('5b-9a')).toBe('5b-9a');
    expect(read('5B-9A')).toBe('5b-9a');
    expect(read('5b - 9')).toBe('5b-9b');
    expect(read('4-6a')).toBe('4a-6a');
    expect(read('5a-5b')).toBe('5a-5b');
    expect(read('6b')).toBe('6b-6b');
  });

  it('reads a single zone, with or without the word', () => {
    expect(read('Zone 5')).toBe('5a-5b');
    expect(read('zone 5a')).toBe('5a-5a');
    expect(read('5')).toBe('5a-5b');
    expect(read('Z5')).toBe('5a-5b');
  });

  it('reads the words staff put before a range', () => {
    expect(read('Zones 3-7')).toBe('3a-7b');
    expect(read('Zones: 3-7')).toBe('3a-7b');
    expect(read('USDA zones 4-8')).toBe('4a-8b');
    expect(read('USDA 4-8')).toBe('4a-8b');
    expect(read('Hardiness zone 4-8')).toBe('4a-8b');
    expect(read('z4-8')).toBe('4a-8b');
    expect(read('3-8.')).toBe('3a-8b');
  });

  it('leaves out notes in brackets', () => {
    expect(read('4-9 (protect in 4)')).toBe('4a-9b');
    expect(read('3-8 [sheltered sites in 3]')).toBe('3a-8b');
    expect(read('(best in 5) 4-7')).toBe('4a-7b');
  });

  it('reads a range written the wrong way round as the same range', () => {
    expect(read('8-3')).toBe('3a-8b');
    expect(read('9a-5b')).toBe('5b-9a');
    expect(read('5b-5a')).toBe('5a-5b');
  });

  it('reads "and up" as reaching the warmest zone', () => {
    expect(read('4+')).toBe('4a-13b');
    expect(read('Zone 4 and up')).toBe('4a-13b');
    expect(read('5b and warmer')).toBe('5b-13b');
  });

  it('reads a list of neighbouring zones as their span, and refuses one with a gap', () => {
    expect(read('3, 4, 5')).toBe('3a-5b');
    expect(read('4/5')).toBe('4a-5b');
    expect(read('5 & 6')).toBe('5a-6b');
    expect(read('4, 5 and 6')).toBe('4a-6b');
    expect(read('6, 4, 5')).toBe('4a-6b');
    expect(read('5b, 6a')).toBe('5b-6a');
    expect(read('3, 7')).toBe('unreadable');
    expect(read('5a, 6a')).toBe('unreadable');
  });

  it('says "none" for an empty field', () => {
    expect(read('')).toBe('none');
    expect(read('   ')).toBe('none');
  });

  it('calls everything else unreadable instead of guessing', () => {
    for (const text of [
      'n/a',
      'varies',
      '?',
      'Full sun',
      '3-8 full sun',
      '0-5',
      '3-14',
      '14',
      '100',
      '3-',
      '-3',
      '5c',
      '4-9 (protect in 4',
      '()',
      'zone',
      '3-7; best 4-6',
      'x'.repeat(200),
    ]) {
      expect(read(text), text).toBe('unreadable');
    }
  });
});

describe('readHardinessZone', () => {
  it('reads a zone with or without its half, in any case and with the word', () => {
    expect(readHardinessZone('6a')).toEqual({ label: '6a', span: { low: 12, high: 12 } });
    expect(readHardinessZone('6')).toEqual({ label: '6', span: { low: 12, high: 13 } });
    expect(readHardinessZone(' Zone 6B ')).toEqual({ label: '6b', span: { low: 13, high: 13 } });
    expect(readHardinessZone('usda zone 10')?.label).toBe('10');
    expect(readHardinessZone('13b')?.label).toBe('13b');
    expect(readHardinessZone('1a')?.label).toBe('1a');
  });

  it('refuses anything that is not one zone from 1 to 13', () => {
    for (const text of ['', '0', '14', '6c', '5-7', 'abc', '6 a b', '-6']) {
      expect(readHardinessZone(text), text).toBeNull();
    }
    expect(HARDINESS_ZONE_PROBLEM).toContain('1 to 13');
  });
});

describe('zoneFit', () => {
  const fitOf = (zones: string, customer: string): ZoneFit => {
    const zone = readHardinessZone(customer);
    if (!zone) throw new Error(`not a zone: ${customer}`);
    return zoneFit(readZones(zones), zone.span);
  };

  it('is inside when the whole of the customer zone is in the range', () => {
    expect(fitOf('3-7', '6a')).toBe('inside');
    expect(fitOf('3-7', '6')).toBe('inside');
    expect(fitOf('3-7', '3a')).toBe('inside');
    expect(fitOf('3-7', '7b')).toBe('inside');
    expect(fitOf('5b-9a', '5b')).toBe('inside');
    expect(fitOf('4+', '12')).toBe('inside');
  });

  it('is outside when none of it is', () => {
    expect(fitOf('3-7', '8a')).toBe('outside');
    expect(fitOf('3-7', '2')).toBe('outside');
    expect(fitOf('5b-9a', '5a')).toBe('outside');
    expect(fitOf('5b-9a', '9b')).toBe('outside');
  });

  it('is at the edge when a whole zone is only half in the range', () => {
    expect(fitOf('5b-9a', '5')).toBe('edge');
    expect(fitOf('5b-9a', '9')).toBe('edge');
    expect(fitOf('4-6a', '6')).toBe('edge');
  });

  it('is unknown for an empty or unreadable zones text, and such a product is never filtered out', () => {
    expect(fitOf('', '6a')).toBe('unknown');
    expect(fitOf('varies', '6a')).toBe('unknown');
    expect(mayGrowInZone('unknown')).toBe(true);
    expect(mayGrowInZone('edge')).toBe(true);
    expect(mayGrowInZone('inside')).toBe(true);
    expect(mayGrowInZone('outside')).toBe(false);
  });

  it('says each case in words', () => {
    expect(zoneFitText('inside', readZones('3-7'), '6a')).toBe('Grows in your zone (6a)');
    expect(zoneFitText('edge', readZones('4-6a'), '6')).toBe('Grows in only part of zone 6');
    expect(zoneFitText('outside', readZones('3-5'), '6a')).toBe('Not rated for your zone (6a)');
    expect(zoneFitText('unknown', readZones(''), '6a')).toBe('Zone not given');
    expect(zoneFitText('unknown', readZones('varies'), '6a')).toBe('Zone not checked: see its zones');
  });
});
