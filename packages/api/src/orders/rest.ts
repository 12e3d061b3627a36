import type { RestRoute } from '../restRoute.ts';

export const ordersRest: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/Orders/Submit',
    procedure: 'orders.submit',
    input: 'body',
    summary:
      'Places an order. Prices, tax, stock and product status are checked on the server; answers orderId, phoneNumber and the order.',
    tag: 'Orders',
  },
  {
    method: 'GET',
    path: '/api/v1/Orders/GetOrderById',
    procedure: 'orders.byId',
    input: 'query',
    summary:
      'An order by its number and the phone number it was placed with (digits compared). Staff may leave the phone number out. Rate limited per client.',
    tag: 'Orders',
  },
];
