import { EXCEL_CONTENT_TYPE } from '@nursery/domain';
import type { RestRoute } from '../restRoute.ts';

const tag = 'Pick-up';

export const pickupRest: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/Orders/CheckIn',
    procedure: 'pickup.checkIn',
    refusals: ['not_found'],
    input: 'body',
    summary:
      'Marks an order (body {orderId, actionId}) picked up now, by the staff member the token names; an order already picked up keeps its first check-in. With an actionId (a random id the device made for the tap), a resend is recorded once and answered as the first time. Answers the order. Staff only.',
    tag,
    successMessage: 'Picked up',
  },
  {
    method: 'DELETE',
    path: '/api/v1/Orders/CheckIn',
    procedure: 'pickup.undoCheckIn',
    refusals: ['not_found'],
    input: 'query',
    summary:
      'Undoes a mistaken check-in of order orderId: it is waiting again (a recorded payment stays). With undoes (the checkInToken of GetCounterDay), only that check-in is undone: one made elsewhere meanwhile stands. actionId as for the check-in. Answers the order. Staff only.',
    tag,
    successMessage: 'Check-in undone',
  },
  {
    method: 'PUT',
    path: '/api/v1/Orders/Payment',
    procedure: 'pickup.recordPayment',
    refusals: ['not_found'],
    input: 'body',
    summary:
      'Records what was paid at the counter for an order: {orderId, method: cash|check, amount in dollars (not negative, at most two decimals), checkNumber (optional, checks only), actionId (optional), replaces (optional)}, replacing what was recorded, with who and when. With replaces (the paymentToken shown, null for none), a payment recorded elsewhere meanwhile stands and this one is not recorded. Answers the order. Staff only.',
    tag,
    successMessage: 'Payment recorded',
  },
  {
    method: 'DELETE',
    path: '/api/v1/Orders/Payment',
    procedure: 'pickup.clearPayment',
    refusals: ['not_found'],
    input: 'query',
    summary:
      'Takes back the payment recorded for order orderId (only the one named by undoes, when sent; actionId as for the check-in). Answers the order. Staff only.',
    tag,
    successMessage: 'Payment removed',
  },
  {
    method: 'POST',
    path: '/api/v1/PickUp/CounterAction',
    procedure: 'pickup.act',
    refusals: ['not_found'],
    input: 'body',
    summary:
      "One tap at the counter as a phone sends it, at once or from its queue after a drop of the network: {kind: checkIn|undoCheckIn|recordPayment|clearPayment, orderId, actionId, undoes or replaces, and the payment's method, amount and checkNumber}. Settled by the counter's rule (the first check-in and the first payment stand; an undo takes back only what it names); the same actionId again is answered as the first time and records nothing more. Answers whether it was recorded, why not, and the order. Staff only.",
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/PickUp/GetCounterDay',
    procedure: 'pickup.counterDay',
    refusals: ['not_found'],
    input: 'query',
    summary:
      "A pick-up day's live orders with their lines (pickUpDay as GetPickList), each with the tokens of its check-in and payment: what the counter keeps on a phone to work offline. Staff only.",
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/PickUp/GetPickList',
    procedure: 'pickup.pickList',
    refusals: ['not_found'],
    input: 'query',
    summary:
      "A pick-up day's pick list (pickUpDay = the day's number, or none for this season's orders without a day): each order not picked up yet with its lines by product type then name, and each product's total for the day. Staff only.",
    tag,
  },
  {
    method: 'GET',
    path: '/Exports/GetPickListExport',
    procedure: 'pickup.pickListExport',
    refusals: ['not_found'],
    input: 'query',
    respond: 'workbook',
    file: {
      contentType: EXCEL_CONTENT_TYPE,
      description: 'The PickList workbook of the day',
      exampleName: '2026-04-16 PickList 2026-04-18.xls',
    },
    summary:
      'PickList workbook of a pick-up day (pickUpDay as GetPickList): the day’s totals to pull, then each order’s lines. data.base64 is the .xls file. Staff only.',
    tag: 'Exports',
  },
];
