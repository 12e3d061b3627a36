import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZONE_KEY } from './zoneKey';

/** The store reads the device's storage when it loads, so each case loads it afresh. */
async function loadStore() {
  vi.resetModules();
  return import('./hardinessZone');
}

describe('the remembered hardiness zone', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('is the zone the customer set on an earlier visit, as the zone rule writes it', async () => {
    localStorage.setItem(ZONE_KEY, '  6A ');
    const { rememberedZone } = await loadStore();
    expect(rememberedZone()).toBe('6a');
  });

  it.each(['<b>', '99', '', 'null', '7c'])(
    'is no zone when storage holds %j, which is none',
    async (stored) => {
      localStorage.setItem(ZONE_KEY, stored);
      const { rememberedZone } = await loadStore();
      expect(rememberedZone()).toBeNull();
    },
  );

  it("reads another tab's change through the same rule", async () => {
    const { rememberedZone, useRememberedZone } = await loadStore();
    const { renderHook } = await import('@testing-library/react');
    const { result } = renderHook(() => useRememberedZone());
    const fromOtherTab = (newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key: ZONE_KEY, newValue }));
    fromOtherTab('5b');
    expect(rememberedZone()).toBe('5b');
    fromOtherTab('<script>');
    expect(rememberedZone()).toBeNull();
    expect(result.current.zone).toBeNull();
  });
});
