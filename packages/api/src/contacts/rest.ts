import { CONTACT_THANK_YOU } from '@nursery/domain';
import type { RestRoute } from '../restRoute.ts';

export const contactsRest: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/Contact/InsertUserComment',
    procedure: 'contacts.insert',
    refusals: ['too_many'],
    input: 'body',
    summary:
      'Stores a message from the contact form; loadTime is when the page loaded. Answers contactSubmissionId. Rate limited per client.',
    tag: 'Contact',
    successMessage: CONTACT_THANK_YOU,
  },
  {
    method: 'GET',
    path: '/api/v1/Contact/GetUserComments',
    procedure: 'contacts.all',
    input: 'query',
    paged: true,
    summary:
      'Every contact form message, newest first, with isSpam. Staff only. Without limit every message answers; with limit (1-1000) one page, and a Link header rel="next" gives the address of the next (after = the last contactId of this page).',
    tag: 'Contact',
  },
  {
    method: 'PUT',
    path: '/api/v1/Contact/SetSpam',
    procedure: 'contacts.setSpam',
    input: 'query',
    summary: 'Marks a contact message as spam or not (contactId, isSpam). Staff only.',
    tag: 'Contact',
    successMessage: 'Successfully updated',
  },
];
