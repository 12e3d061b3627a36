import { describe, expect, it } from 'vitest';
import { shortShopName } from './webManifest.ts';

describe("the installed app's label", () => {
  it('is the whole name when it fits, else its first words that do', () => {
    expect(shortShopName('Fern & Co')).toBe('Fern & Co');
    expect(shortShopName('Prairie Hollow Native Nursery')).toBe('Prairie');
    expect(shortShopName('Oak Hill Seeds')).toBe('Oak Hill');
    // One long word stays whole: the phone shortens it itself.
    expect(shortShopName('Wildflowerland Nursery')).toBe('Wildflowerland');
  });
});
