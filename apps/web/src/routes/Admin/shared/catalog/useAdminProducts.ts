import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../../../../trpc';
import { adminProductsQuery, siteConfigQuery } from '../../queries';
import type { AdminProduct } from './types';

export const adminProductsOptions = () => adminProductsQuery(trpc);

export function useAdminProducts() {
  return useQuery(adminProductsOptions());
}

/** Reloads every catalogue answer (the admin list and the storefront's), as after any change. */
export function useReloadCatalog(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
    [queryClient],
  );
}

/** Puts a changed product in its place, or takes it out when it is gone, without reordering the table. */
export function useReplaceProduct(): (productId: number, product: AdminProduct | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (productId, product) => {
      queryClient.setQueryData(adminProductsOptions().queryKey, (list) => {
        if (!list) return list;
        if (!product) return list.filter((p) => p.productId !== productId);
        const at = list.findIndex((p) => p.productId === productId);
        if (at < 0) return [...list, product];
        const next = [...list];
        next[at] = product;
        return next;
      });
    },
    [queryClient],
  );
}

/** The brand label of the Flags column (configured per shop, "Doug's" by default). */
export function useBrandFlagLabel(): string {
  const { data } = useQuery(siteConfigQuery(trpc));
  return data?.shop.brandFlagLabel ?? '';
}
