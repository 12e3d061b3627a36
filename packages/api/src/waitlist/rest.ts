import type { RestRoute } from '../restRoute.ts';

const tag = 'Waitlist';

export const waitlistRest: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/Waitlist/Join',
    procedure: 'waitlist.join',
    input: 'body',
    refusals: ['not_found', 'too_many'],
    summary:
      'Leaves an e-mail address ({productId, email, quantity}) on a Sold Out or Call for Availability product, to be told once when it can be ordered again. The same address twice for one product stays one entry. Rate limited per client.',
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/Waitlist/GetWaitlist',
    procedure: 'waitlist.forProduct',
    input: 'query',
    summary:
      "A product's waitlist (productId): how many are waiting, and every entry in the order they joined with when it was told. Staff only.",
    tag,
  },
  {
    method: 'DELETE',
    path: '/api/v1/Waitlist/RemoveEntry',
    procedure: 'waitlist.remove',
    input: 'query',
    summary: "Removes one waitlist entry (waitlistEntryId). Answers the product's waitlist. Staff only.",
    tag,
  },
];
