import type { RestRoute } from '../restRoute.ts';

export const catalogRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Products/GetProductsToShow',
    procedure: 'catalog.productsToShow',
    input: 'query',
    summary:
      'Products shown on the storefront (Active, Sold Out, Call for Availability, Nursery) with their price tiers. Served from a cache; ignoreCache=true rebuilds it.',
    tag: 'Products',
  },
];
