import type { RestRoute } from '../restRoute.ts';

const tag = 'Pick-up days';

export const pickUpDaysRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/PickUpDays/GetOpenPickUpDays',
    procedure: 'pickUpDays.open',
    input: 'none',
    summary:
      "The pick-up days a customer may choose from, today's and later ones by date, each with isFull. Empty when the shop offers none: then Orders/Submit needs no pickUpDayId.",
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/PickUpDays/GetAllPickUpDays',
    procedure: 'pickUpDays.all',
    input: 'none',
    summary: 'Every pick-up day, past ones too, by date, with capacity and the orders booked. Staff only.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/PickUpDays/SavePickUpDay',
    procedure: 'pickUpDays.save',
    refusals: ['not_found'],
    input: 'body',
    summary:
      'Adds a pick-up day ({date, startTime, endTime, capacity, note}) or, with pickUpDayId, changes one (its orders stay on it). One day per date; capacity not below the orders booked. Answers every day. Staff only.',
    tag,
    successMessage: 'Successfully updated',
  },
  {
    method: 'DELETE',
    path: '/api/v1/PickUpDays/DeletePickUpDay',
    procedure: 'pickUpDays.delete',
    refusals: ['not_found', 'conflict'],
    input: 'query',
    summary:
      'Deletes a pick-up day (pickUpDayId). Refused with 409 while orders are booked on it: move them first. Answers every day. Staff only.',
    tag,
    successMessage: 'Successfully deleted',
  },
];
