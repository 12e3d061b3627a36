import { readHardinessZone } from '@nursery/domain';
import { useSyncExternalStore } from 'react';
import { storedZone, ZONE_KEY } from './zoneKey';

/**
 * The customer's USDA hardiness zone as they last set it ("6a", "6"), remembered on this device so the list,
 * the product pages and the cart all know it on the next visit. The rule that reads it and compares it with a
 * product's zones is packages/domain/src/zones.ts; this file only keeps it.
 */
const listeners = new Set<() => void>();

/**
 * The stored text read by the zone rule again: storage holds whatever a person, an extension or another tab
 * put there, and text that is no zone ("<b>", "99", "") would read "Zone <b>: 0 plants grow here" on the list.
 */
function zoneFromStorage(text: string | null): string | null {
  return text === null ? null : (readHardinessZone(text)?.label ?? null);
}

let zone: string | null = typeof window === 'undefined' ? null : zoneFromStorage(storedZone());
/** Whether the list shows only plants for the zone: for this visit, so a return never opens on a short list. */
let onlyMine = false;

const notify = () => {
  for (const listener of listeners) listener();
};

export function rememberedZone(): string | null {
  return zone;
}

export function rememberZone(label: string | null): void {
  zone = label;
  if (label === null) onlyMine = false;
  try {
    if (label === null) localStorage.removeItem(ZONE_KEY);
    else localStorage.setItem(ZONE_KEY, label);
  } catch {
    // kept in memory only
  }
  notify();
}

export function showOnlyMyZone(value: boolean): void {
  onlyMine = value;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab setting the zone counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ZONE_KEY) return;
    zone = zoneFromStorage(event.newValue);
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRememberedZone(): { zone: string | null; onlyMine: boolean } {
  const currentZone = useSyncExternalStore(subscribe, rememberedZone, () => null);
  const currentOnly = useSyncExternalStore(
    subscribe,
    () => onlyMine,
    () => false,
  );
  return { zone: currentZone, onlyMine: currentOnly };
}
