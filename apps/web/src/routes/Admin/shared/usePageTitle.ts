import { useEffect } from 'react';

/**
 * Admin page titles are the spec's text exactly ('Orders - Admin', 'Modifying Order 12'), as on the
 * Products, Stock and Photos screens; the storefront's '{title} | {shop name}' is for customers.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
