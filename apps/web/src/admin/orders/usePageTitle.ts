import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../../trpc';

/** Page titles read '{title} | {shop name}', as on the storefront. */
export function usePageTitle(title: string): void {
  const site = useQuery(trpc.site.config.queryOptions());
  const shopName = site.data?.shop.name;
  useEffect(() => {
    document.title = shopName ? `${title} | ${shopName}` : title;
  }, [title, shopName]);
}
