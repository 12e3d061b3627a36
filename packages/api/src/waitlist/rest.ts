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
      'Leaves an e-mail address ({productId, email, quantity}) on a Sold Out or Call for Availability product, to be told once when it can be ordered again. An address already on the list (in any letter case) is left as it is, and the message says so. Rate limited per client.',
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/Waitlist/GetWaitlist',
    procedure: 'waitlist.forProduct',
    input: 'query',
    summary:
      "A product's waitlist (productId): how many were not told yet, and every entry in the order they joined with its back-in-stock e-mail's state (notice) and when it went out (toldTimestamp). Staff only.",
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
  {
    method: 'POST',
    path: '/api/v1/Waitlist/RetryNotice',
    procedure: 'waitlist.retryNotice',
    input: 'query',
    summary:
      "Tries a back-in-stock e-mail that did not go (emailId, the entry's notice) again at once. Answers the product's waitlist. 400 when no mail server is set up. Staff only.",
    tag,
  },
];
