import type { RestRoute } from '../restRoute.ts';

export const ordersRest: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/Orders/Submit',
    procedure: 'orders.submit',
    refusals: ['too_many'],
    input: 'body',
    summary:
      'Places an order. Prices, tax, stock and product status are checked on the server; answers orderId, phoneNumber and the order.',
    tag: 'Orders',
  },
  {
    method: 'GET',
    path: '/api/v1/Orders/GetOrderById',
    procedure: 'orders.byId',
    refusals: ['too_many'],
    input: 'query',
    summary:
      'An order by its number and the phone number it was placed with (digits compared). Staff may leave the phone number out. Rate limited per client.',
    tag: 'Orders',
  },
  {
    method: 'GET',
    path: '/api/v1/Orders/GetOrderDetailsById',
    procedure: 'orders.detailsById',
    input: 'query',
    summary: 'One order with its lines, deleted or not, with version and audit fields. Staff only.',
    tag: 'Orders',
  },
  {
    method: 'GET',
    path: '/api/v1/Orders/GetAllOrders',
    procedure: 'orders.all',
    input: 'query',
    paged: true,
    summary:
      'Every order that is not deleted, newest first, in the list shape. Staff only. Without limit the whole list answers; with limit (1-1000) one page, and a Link header rel="next" gives the address of the next (after = the last order id of this page).',
    tag: 'Orders',
  },
  {
    method: 'GET',
    path: '/api/v1/Orders/GetAllOrdersForSeason',
    procedure: 'orders.allForSeason',
    input: 'query',
    paged: true,
    summary:
      'The orders (not deleted) of one season, named by its starting year (2024 = 2024-25); season=-1 gives every season. Staff only. Pages with limit and after like GetAllOrders.',
    tag: 'Orders',
  },
  {
    method: 'GET',
    path: '/api/v1/Orders/GetAllDeletedOrders',
    procedure: 'orders.allDeleted',
    input: 'query',
    paged: true,
    summary:
      'Deleted orders of every season, most recently deleted first. Staff only. Pages with limit and after like GetAllOrders; text filters them as the Orders screen does (every word in the order id, name, e-mail or phone, a date M/D/YYYY, or three or more digits of the phone).',
    tag: 'Orders',
  },
  {
    method: 'PUT',
    path: '/api/v1/Orders/Update',
    procedure: 'orders.update',
    refusals: ['conflict'],
    input: 'body',
    summary:
      'Creates (no orderId) or replaces a whole order: products [{productId, quantity, price, isStatic}], price being the unit price in dollars of a manual (isStatic) line. Calculated lines are priced from the tiers, manual (isStatic) ones keep their price; stock is checked; an outdated version is refused with 409. Staff only.',
    tag: 'Orders',
    successMessage: 'Successfully updated',
  },
  {
    method: 'PUT',
    path: '/api/v1/Orders/Update/Flags',
    procedure: 'orders.updateFlags',
    refusals: ['conflict'],
    input: 'body',
    summary:
      'Sets isTaxExempt of an order (orderId) and recomputes its tax; version is optional. Staff only.',
    tag: 'Orders',
    successMessage: 'Successfully updated',
  },
  {
    method: 'DELETE',
    path: '/api/v1/Orders/DeleteOrder',
    procedure: 'orders.delete',
    input: 'query',
    summary:
      'Marks an order as deleted: it leaves the public lookup and the stock counts until restored. Staff only.',
    tag: 'Orders',
    successMessage: 'Successfully deleted',
  },
  {
    method: 'DELETE',
    path: '/api/v1/Orders/RestoreOrder',
    procedure: 'orders.restore',
    input: 'query',
    summary: 'Restores a deleted order into the lookup and the stock counts. Staff only.',
    tag: 'Orders',
    successMessage: 'Successfully updated',
  },
];
