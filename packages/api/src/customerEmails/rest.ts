import type { RestRoute } from '../restRoute.ts';

export const customerEmailsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Settings/GetCustomerEmails',
    procedure: 'customerEmails.templates',
    input: 'none',
    summary:
      'The texts of the e-mails sent to customers (receipt, change notice, pick-up reminder, back in stock) with the placeholders each knows. Staff only.',
    tag: 'Settings',
  },
  {
    method: 'PUT',
    path: '/api/v1/Settings/SetCustomerEmail',
    procedure: 'customerEmails.saveTemplate',
    input: 'body',
    summary:
      'Saves one customer e-mail text ({kind, subject, body}); a placeholder the e-mail does not know is refused with 400 naming it. Answers every text. Staff only.',
    tag: 'Settings',
  },
  {
    method: 'GET',
    path: '/api/v1/Orders/GetOrderEmails',
    procedure: 'customerEmails.forOrder',
    input: 'query',
    summary:
      "The e-mails written to an order's customer (orderId) in the last 30 days: what, when, and whether each was sent. Staff only.",
    tag: 'Orders',
  },
  {
    method: 'POST',
    path: '/api/v1/Orders/RetryEmail',
    procedure: 'customerEmails.retry',
    input: 'query',
    summary:
      "Tries an unsent customer e-mail (emailId) again at once. Answers the order's e-mails. 400 when no mail server is set up. Staff only.",
    tag: 'Orders',
  },
];
