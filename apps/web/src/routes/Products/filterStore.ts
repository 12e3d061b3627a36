import { useSyncExternalStore } from 'react';
import { type ActiveTypes, soloType, toggleType } from './filters';

interface FilterState {
  activeProductTypes: ActiveTypes;
  filterText: string;
}

// Kept for the whole visit, so going to a product's FAQ and back finds the list as it was left.
let state: FilterState = { activeProductTypes: null, filterText: '' };
const listeners = new Set<() => void>();

function set(next: FilterState) {
  if (next.activeProductTypes === state.activeProductTypes && next.filterText === state.filterText) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFilters(): FilterState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

export const filterActions = {
  setFilterText(filterText: string) {
    set({ ...state, filterText });
  },
  toggle(productTypeId: number, allTypeIds: readonly number[]) {
    set({ ...state, activeProductTypes: toggleType(state.activeProductTypes, productTypeId, allTypeIds) });
  },
  solo(productTypeId: number) {
    set({ ...state, activeProductTypes: soloType(productTypeId) });
  },
  clear() {
    set({ activeProductTypes: null, filterText: '' });
  },
};
