import { describe, expect, it } from 'vitest';
import { catalogListSearch, contactsSearch, pageIndexOf, pageOf } from './searchParams';

describe("the back office's list filters in the address", () => {
  it('keeps the filter text and a page past the first', () => {
    expect(catalogListSearch({ q: 'bur oak', page: 3 })).toEqual({ q: 'bur oak', page: 3 });
    expect(catalogListSearch({ q: 'bur oak', page: '3' })).toEqual({ q: 'bur oak', page: 3 });
    // A number typed as the filter arrives parsed as JSON: it is still the text the person typed.
    expect(catalogListSearch({ q: 12 })).toEqual({ q: '12' });
  });

  it('drops what it cannot read instead of refusing the screen', () => {
    expect(catalogListSearch({})).toEqual({});
    expect(catalogListSearch({ q: '', page: 1 })).toEqual({});
    for (const page of [0, -2, 2.5, 'two', '', null, true, 1e300])
      expect(catalogListSearch({ page })).toEqual({});
    expect(catalogListSearch({ q: { nested: 1 }, other: 'x' })).toEqual({});
  });

  it('shows spam on the contacts list only when asked for', () => {
    expect(contactsSearch({ spam: true, q: 'ada' })).toEqual({ q: 'ada', spam: true });
    expect(contactsSearch({ spam: 'true' })).toEqual({ spam: true });
    expect(contactsSearch({ spam: false })).toEqual({});
    expect(contactsSearch({ spam: 'yes' })).toEqual({});
  });

  it('turns pages into table page indexes and back, the first page left out of the address', () => {
    expect(pageIndexOf(undefined)).toBe(0);
    expect(pageIndexOf(4)).toBe(3);
    expect(pageOf(0)).toBeUndefined();
    expect(pageOf(3)).toBe(4);
  });
});
