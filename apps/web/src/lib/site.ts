import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Setting } from '../storefront/types';
import { publicQuery } from './publicApi';

/** The shop's identity and tax rate; fetched once per visit. */
export function useSiteConfig() {
  return useQuery({ ...publicQuery('site.config'), staleTime: Number.POSITIVE_INFINITY });
}

/** The shop's time zone, in which the back office shows every date and time; UTC until the config is read. */
export function useShopTimeZone(): string {
  return useSiteConfig().data?.shop.timeZone ?? 'UTC';
}

export interface StorefrontSettings {
  /** The flyer's location, or '' when none is set. */
  pdfLocation: string;
  /** The staff's global message (HTML, sanitized again before it is shown). */
  globalMessage: string;
  ordersAreClosed: boolean;
}

/** The spec's derived values: ordering is closed when OnlineOrderingEnabled is false or missing. */
export function deriveSettings(settings: readonly Setting[] | undefined): StorefrontSettings {
  const byName = new Map((settings ?? []).map((s) => [s.name, s]));
  return {
    pdfLocation: byName.get('ActivePdf')?.value?.trim() ?? '',
    globalMessage: byName.get('Message')?.value ?? '',
    ordersAreClosed: byName.get('OnlineOrderingEnabled')?.isTrue !== true,
  };
}

/** Settings are loaded at start and re-read now and then, so a closed shop is noticed in time. */
export function useStorefrontSettings(): StorefrontSettings {
  const query = useQuery({ ...publicQuery('settings.all'), staleTime: 60_000 });
  const settings = deriveSettings(query.data);
  // Settings that could not be read (a staff phone offline: its calls carry a token, so the worker's copy
  // does not answer them) say nothing about ordering: the shop is not called closed, and checkout still
  // needs the server, which refuses an order while ordering is closed.
  return {
    ...settings,
    ordersAreClosed: query.data !== undefined && settings.ordersAreClosed,
  };
}

/** The storefront's product list; `ignoreCache` asks the server to rebuild its cached list. */
export function useProducts(ignoreCache = false) {
  return useQuery(publicQuery('catalog.productsToShow', ignoreCache ? { ignoreCache: true } : undefined));
}

/**
 * Sets the document title: the storefront's '{title} | {site name}' for customers, the back office's titles
 * as the spec writes them ('Orders - Admin', 'Modifying Order 12').
 */
export function usePageTitle(title: string | null, { admin = false }: { admin?: boolean } = {}): void {
  const config = useSiteConfig();
  const siteName = config.data?.shop.name;
  useEffect(() => {
    if (title === null) return;
    document.title = siteName && !admin ? `${title} | ${siteName}` : title;
  }, [title, siteName, admin]);
}

/** The title the deepest matched route names in its staticData (router.tsx), or null when none does. */
export function useRouteTitle(): string | null {
  return useRouterState({
    select: (state) => {
      for (const match of [...state.matches].reverse()) {
        const title = match.staticData.title;
        if (title !== undefined) return typeof title === 'function' ? title(match.params) : title;
      }
      return null;
    },
  });
}
