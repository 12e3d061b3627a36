import type { RouterOutputs } from '@nursery/api/types';
import { SETTING_NAMES } from '@nursery/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../trpc';
import { settingsQuery } from '../queries';

export type Setting = RouterOutputs['settings']['all'][number];

export interface SettingsView {
  ordersOpen: boolean;
  message: string;
  pdfLocation: string;
  stockEmails: string;
}

export function settingsView(list: readonly Setting[] | undefined): SettingsView {
  const byName = new Map((list ?? []).map((s) => [s.name, s]));
  return {
    ordersOpen: byName.get(SETTING_NAMES.onlineOrderingEnabled)?.isTrue === true,
    message: byName.get(SETTING_NAMES.message)?.value ?? '',
    pdfLocation: byName.get(SETTING_NAMES.activePdf)?.value ?? '',
    stockEmails: byName.get(SETTING_NAMES.productStockEmails)?.value ?? '',
  };
}

/** The settings list, always fresh on this screen; every change answers the new list, which replaces it. */
export function useSettings() {
  const queryClient = useQueryClient();
  const query = useQuery(settingsQuery(trpc));
  // The storefront reads the same query, so the shop's own pages follow at once.
  const replace = (next: Setting[]) => queryClient.setQueryData(trpc.settings.all.queryKey(), next);
  return { query, view: settingsView(query.data), replace };
}
