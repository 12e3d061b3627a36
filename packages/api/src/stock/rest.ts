import type { RestRoute } from '../restRoute.ts';

export const stockRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Products/GetProductQuantityHistory',
    procedure: 'stock.history',
    input: 'query',
    summary:
      "The product's stock changes of the current season (the ones its current stock is the sum of), newest first; season=YYYY for another season.",
    tag: 'Stock',
  },
  {
    method: 'POST',
    path: '/api/v1/Products/InsertProductStockUpdates',
    procedure: 'stock.insertUpdates',
    input: 'body',
    summary:
      'Records a list of {productId, changeInStock, notes} in one transaction under the signed-in staff member. A tracked product left with nothing becomes Sold Out and the ProductStockEmails list is e-mailed. Answers products and productQuantities.',
    tag: 'Stock',
    successMessage: 'Successfully updated',
  },
];
