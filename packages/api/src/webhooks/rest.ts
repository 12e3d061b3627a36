import type { RestRoute } from '../restRoute.ts';

const tag = 'Webhooks';

// Staff and integration clients: a read client may list, a write client may also subscribe and redeliver.
export const webhooksRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Webhooks/GetWebhookEndpoints',
    procedure: 'webhooks.endpoints',
    input: 'none',
    summary:
      "The addresses subscribed to the shop's events (see the document's webhooks), never their secrets.",
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Webhooks/AddWebhookEndpoint',
    procedure: 'webhooks.add',
    input: 'body',
    summary:
      'Subscribes an address {url, description, events} to events; its signing secret (whsec_...) is answered this once only.',
    tag,
  },
  {
    method: 'DELETE',
    path: '/api/v1/Webhooks/DeleteWebhookEndpoint',
    procedure: 'webhooks.remove',
    refusals: ['not_found'],
    input: 'query',
    summary: 'Removes an endpoint {endpointId} and its deliveries: nothing more is sent to it.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Webhooks/SetWebhookEndpointEnabled',
    procedure: 'webhooks.setEnabled',
    refusals: ['not_found'],
    input: 'body',
    summary:
      'Pauses an endpoint {endpointId, enabled: false} or turns it back on (true): its waiting deliveries are sent again, in order.',
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/Webhooks/GetWebhookDeliveries',
    procedure: 'webhooks.deliveries',
    refusals: ['not_found'],
    input: 'query',
    summary:
      "An endpoint's deliveries, newest first: event, time, status, attempts, the answer's first bytes and the body sent.",
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Webhooks/RedeliverWebhook',
    procedure: 'webhooks.redeliver',
    refusals: ['not_found'],
    input: 'body',
    summary: 'Sends a delivery {deliveryId} again now, with its own webhook-id; answers its outcome.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Webhooks/SendTestWebhook',
    procedure: 'webhooks.sendTest',
    refusals: ['not_found'],
    input: 'body',
    summary: 'Sends a webhook.test event to an endpoint {endpointId} now; answers its outcome.',
    tag,
  },
];
