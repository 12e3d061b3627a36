import { CONTACT_THANK_YOU } from '@nursery/domain';
import type { RestRoute } from '../restRoute.ts';

export const contactsRest: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/Contact/InsertUserComment',
    procedure: 'contacts.insert',
    input: 'body',
    summary:
      'Stores a message from the contact form; loadTime is when the page loaded. Answers contactSubmissionId. Rate limited per client.',
    tag: 'Contact',
    successMessage: CONTACT_THANK_YOU,
  },
];
