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
  {
    method: 'GET',
    path: '/api/v1/Products/GetAllProductsWithStats',
    procedure: 'catalog.allWithStats',
    input: 'query',
    paged: true,
    summary:
      'Every product that is not deleted, by name, with this season\'s numSold, revenue, currentStock and calculatedStock. includeSpecialOrderProducts=true adds Special Order products. Without limit the whole list answers; with limit (1-1000) one page, and a Link header rel="next" gives the address of the next (after = the last product id of this page).',
    tag: 'Products',
  },
  {
    method: 'GET',
    path: '/api/v1/Products/GetProductOrders',
    procedure: 'catalog.productOrders',
    input: 'query',
    summary: 'Orders (not deleted, any season) that include the product, newest first.',
    tag: 'Products',
  },
  {
    method: 'PUT',
    path: '/api/v1/Products/SetProductStatus',
    procedure: 'catalog.setStatus',
    input: 'query',
    summary:
      "Sets a product's status (1-7); 4 deletes it softly. Answers productId, productStatus and the product.",
    tag: 'Products',
    successMessage: 'Successfully updated',
  },
  {
    method: 'POST',
    path: '/api/v1/Products/SaveProduct',
    procedure: 'catalog.save',
    refusals: ['conflict'],
    input: 'body',
    summary:
      'Saves a product with its price tiers; no productId means a new product. Tiers that overlap, leave a gap or are otherwise wrong are refused with 400. An optional version (from GetAllProductsWithStats) that is no longer current is refused with 409.',
    tag: 'Products',
    successMessage: 'Successfully saved product.',
  },
  {
    method: 'PUT',
    path: '/api/v1/Products/Update/Flags',
    procedure: 'catalog.updateFlags',
    input: 'body',
    summary: "Sets the product's brand flag (isDougs).",
    tag: 'Products',
    successMessage: 'Flags updated.',
  },
  {
    method: 'POST',
    path: '/api/v1/Products/SaveSpecialOrderProduct',
    procedure: 'catalog.saveSpecialOrder',
    input: 'body',
    summary: 'Creates a new Special Order product (always new); its price table may be empty.',
    tag: 'Products',
    successMessage: 'Successfully saved product.',
  },
  {
    method: 'PUT',
    path: '/api/v1/Products/DeleteProduct',
    procedure: 'catalog.delete',
    input: 'query',
    summary: 'Soft-deletes a product: it leaves the lists and the storefront but stays on past orders.',
    tag: 'Products',
    successMessage: 'Successfully deleted product.',
  },
];
