import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENT_TYPES, zonedTimeToInstant } from '@nursery/domain';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  rest,
  staffToken,
  startTestServer,
  type TestServer,
  type WebhookReceiver,
  webhookReceiver,
} from '../src/testing.ts';
import { outboxRows, until } from './support/mail.ts';
import { customer, insertProduct } from './support/orders.ts';
import { OWNER, sendContactMessage, signedInShop } from './support/shop.ts';

// Pushed events against real receivers on 127.0.0.1, each verifying the Standard Webhooks signature with the
// `standardwebhooks` package, and a clock the tests move through the retry schedule.
const TZ = 'America/Chicago';
const start = zonedTimeToInstant(TZ, 2026, 4, 11, 9, 30);
let clock = start;
const HOUR = 3_600_000;

let server: TestServer;
let token: string;
let oak: number;
let receivers: WebhookReceiver[] = [];

interface Endpoint {
  endpointId: string;
  url: string;
  events: string[];
  disabledAt: number | null;
  disabledReason: string | null;
  failingSince: number | null;
  pendingDeliveries: number;
}
interface Delivery {
  deliveryId: number;
  messageId: string;
  eventType: string;
  orderId: number | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastAnswer: string | null;
  payload: string;
}

async function subscribe(
  on: TestServer,
  events: readonly string[] = WEBHOOK_EVENT_TYPES,
): Promise<{ receiver: WebhookReceiver; endpoint: Endpoint }> {
  const receiver = await webhookReceiver();
  receivers.push(receiver);
  const added = await rest<{ endpoint: Endpoint; secret: string }>(
    on.url,
    'POST',
    '/api/v1/Webhooks/AddWebhookEndpoint',
    {
      token: await staffToken(on),
      body: { url: receiver.url, description: 'Bookkeeping', events },
    },
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  receiver.secret = added.body.data.secret;
  return { receiver, endpoint: added.body.data.endpoint };
}

async function placeOrder(on: TestServer): Promise<number> {
  const placed = await rest<{ orderId: number }>(on.url, 'POST', '/api/v1/Orders/Submit', {
    body: { ...customer, orderProductXrefs: [{ productId: oak, quantity: 2 }] },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data.orderId;
}

async function deliveries(on: TestServer, endpointId: string): Promise<Delivery[]> {
  const listed = await rest<Delivery[]>(
    on.url,
    'GET',
    `/api/v1/Webhooks/GetWebhookDeliveries?endpointId=${endpointId}&limit=200`,
    { token: await staffToken(on) },
  );
  expect(listed.status).toBe(200);
  return listed.body.data;
}

async function endpointNow(on: TestServer, endpointId: string): Promise<Endpoint> {
  const listed = await rest<Endpoint[]>(on.url, 'GET', '/api/v1/Webhooks/GetWebhookEndpoints', {
    token: await staffToken(on),
  });
  const found = listed.body.data.find((e) => e.endpointId === endpointId);
  if (!found) throw new Error(`no endpoint ${endpointId}`);
  return found;
}

/** The events about one order an endpoint accepted, in the order it accepted them (each webhook-id once). */
function orderEvents(receiver: WebhookReceiver, orderId: number): string[] {
  return receiver
    .accepted()
    .filter((r) => (r.data as { orderId?: number }).orderId === orderId && r.type.startsWith('order.'))
    .map((r) => r.type);
}

function addProduct(on: TestServer): number {
  return insertProduct(on, 'Bur Oak');
}

beforeAll(async () => {
  ({ server, token } = await signedInShop(
    { DEMO_DATA: 'false', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
    { now: () => clock },
    OWNER,
  ));
  oak = addProduct(server);
});
afterEach(async () => {
  for (const r of receivers) await r.close();
  receivers = [];
  // Each test's endpoints go with it, so the next one starts with no subscriber.
  for (const e of (
    await rest<Endpoint[]>(server.url, 'GET', '/api/v1/Webhooks/GetWebhookEndpoints', { token })
  ).body.data) {
    await rest(server.url, 'DELETE', `/api/v1/Webhooks/DeleteWebhookEndpoint?endpointId=${e.endpointId}`, {
      token,
    });
  }
});
afterAll(async () => server?.stop());

describe('webhooks', () => {
  it('signs every event with the endpoint secret, shown once, and sends the REST answer as its data', async () => {
    const { receiver, endpoint } = await subscribe(server);
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const listed = await rest<Endpoint[]>(server.url, 'GET', '/api/v1/Webhooks/GetWebhookEndpoints', {
      token,
    });
    expect(JSON.stringify(listed.body.data)).not.toContain(receiver.secret.slice(6));
    expect(listed.body.data.map((e) => e.endpointId)).toEqual([endpoint.endpointId]);

    const orderId = await placeOrder(server);
    await until(() => receiver.accepted().length >= 1);
    const [placed] = receiver.accepted();
    expect(placed?.type).toBe('order.placed');
    const details = await rest(server.url, 'GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`, {
      token,
    });
    expect(placed?.data).toEqual(details.body.data);
    expect(receiver.refused).toEqual([]);

    // Each other event a staff member causes arrives too, with the answer of its own REST call as data.
    const stock = await rest<unknown>(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId: oak, changeInStock: 40, notes: 'Spring delivery' }],
    });
    expect(stock.status, JSON.stringify(stock.body)).toBe(200);
    const contact = await sendContactMessage(server, {
      name: 'Ruth Reader',
      email: 'ruth@example.com',
      comments: 'Do you have wild ginger?',
      loadTime: clock.getTime() - 60_000,
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    await until(() => receiver.accepted().length >= 3);
    const [, stockEvent, contactEvent] = receiver.accepted();
    expect(stockEvent?.type).toBe('stock.changed');
    expect(stockEvent?.data).toEqual(stock.body.data);
    expect(contactEvent?.type).toBe('contact.received');
    expect(contactEvent?.data).toMatchObject({
      name: 'Ruth Reader',
      comments: 'Do you have wild ginger?',
      isSpam: false,
    });
    expect(receiver.refused).toEqual([]);

    // The OpenAPI document's webhooks describe every event, and each body received fits its event's schema.
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      webhooks: Record<string, unknown>;
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, 'openapi.json');
    const bodyOf = (type: string) =>
      ajv.getSchema(`openapi.json#/webhooks/${type}/post/requestBody/content/application~1json/schema`);
    for (const event of receiver.accepted()) {
      const validate = bodyOf(event.type);
      expect(validate, event.type).toBeDefined();
      expect(validate?.(JSON.parse(event.body)), `${event.type}: ${ajv.errorsText(validate?.errors)}`).toBe(
        true,
      );
    }
    // A body that is not the event's shape is told apart (the schema is not an empty one).
    expect(
      bodyOf('order.placed')?.({
        type: 'order.placed',
        timestamp: clock.toISOString(),
        data: { orderId: 'one' },
      }),
    ).toBe(false);
  });

  it('keeps every event while the receiver is down, retries with backoff and delivers each order in order', async () => {
    const { receiver, endpoint } = await subscribe(server);
    const first = await placeOrder(server);
    await until(() => receiver.accepted().length === 1);

    receiver.down = true;
    const saved = await rest<{ version: number }>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderDetailsById?orderId=${first}`,
      { token },
    );
    const changed = await rest(server.url, 'PUT', '/api/v1/Orders/Update', {
      token,
      body: {
        orderId: first,
        version: saved.body.data.version,
        name: 'Wendell Berry',
        email: customer.email,
        phoneNumber: customer.phoneNumber,
        products: [{ productId: oak, quantity: 5 }],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      (await rest(server.url, 'POST', '/api/v1/Orders/CheckIn', { token, body: { orderId: first } })).status,
    ).toBe(200);
    const paid = await rest(server.url, 'PUT', '/api/v1/Orders/Payment', {
      token,
      body: { orderId: first, method: 'cash', amount: 52.75 },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const second = await placeOrder(server);
    await server.shop.webhooks.flushNow();

    // The receiver saw tries and refused them; the later events about the first order were never sent ahead
    // of the change that failed.
    expect(receiver.received.some((r) => !r.accepted)).toBe(true);
    const waiting = (await deliveries(server, endpoint.endpointId)).filter((d) => d.status === 'pending');
    expect(waiting.map((d) => d.eventType).sort()).toEqual(
      ['order.changed', 'order.paid', 'order.pickedUp', 'order.placed'].sort(),
    );
    for (const d of waiting.filter((d) => d.orderId === first && d.eventType !== 'order.changed')) {
      expect(d.attempts, d.eventType).toBe(0);
    }
    expect((await endpointNow(server, endpoint.endpointId)).failingSince).not.toBeNull();

    // Still down an hour later: each retry fails again, nothing is lost or reordered.
    clock = new Date(clock.getTime() + HOUR);
    await server.shop.webhooks.flushNow();
    clock = new Date(clock.getTime() + HOUR);
    await server.shop.webhooks.flushNow();
    const stillWaiting = (await deliveries(server, endpoint.endpointId)).filter(
      (d) => d.status === 'pending',
    );
    expect(stillWaiting).toHaveLength(4);
    const changedTries = stillWaiting.find((d) => d.eventType === 'order.changed')?.attempts ?? 0;
    expect(changedTries).toBeGreaterThanOrEqual(2);

    // Back: after the next retry is due, everything arrives, each order's events in the order they happened.
    receiver.down = false;
    clock = new Date(clock.getTime() + 6 * HOUR);
    await server.shop.webhooks.flushNow();
    expect(orderEvents(receiver, first)).toEqual([
      'order.placed',
      'order.changed',
      'order.pickedUp',
      'order.paid',
    ]);
    expect(orderEvents(receiver, second)).toEqual(['order.placed']);
    const after = await deliveries(server, endpoint.endpointId);
    expect(after.every((d) => d.status === 'delivered')).toBe(true);
    // At least once, and a copy sent again only ever under the same webhook-id.
    const ids = new Set(receiver.received.map((r) => r.webhookId));
    expect([...ids].sort()).toEqual(after.map((d) => d.messageId).sort());
    for (const r of receiver.received) {
      expect(after.find((d) => d.messageId === r.webhookId)?.payload).toBe(r.body);
    }
    expect((await endpointNow(server, endpoint.endpointId)).failingSince).toBeNull();
    expect(receiver.refused).toEqual([]);
  });

  it('sends what was pending when the shop stopped after it starts again', async () => {
    const dataDir = server.dataDir;
    const own = await startTestServer(
      { DEMO_DATA: 'false', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
      { now: () => clock, dataDir: `${dataDir}-restart` },
    );
    let again: TestServer | null = null;
    try {
      addProduct(own);
      const { receiver, endpoint } = await subscribe(own);
      receiver.down = true;
      const orderId = await placeOrder(own);
      await own.shop.webhooks.flushNow();
      expect((await deliveries(own, endpoint.endpointId))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
      });
      await own.stop();

      receiver.down = false;
      clock = new Date(clock.getTime() + 10 * 60_000);
      again = await startTestServer(
        { DEMO_DATA: 'false', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
        { now: () => clock, dataDir: `${dataDir}-restart` },
      );
      // No call needed: the start sends what the last run left.
      await until(() => receiver.accepted().length === 1);
      expect(orderEvents(receiver, orderId)).toEqual(['order.placed']);
      expect(receiver.refused).toEqual([]);
    } finally {
      await again?.stop();
    }
  });

  it('disables an endpoint that failed for three days, tells the owner, and sends the kept events once it is on again', async () => {
    const { receiver, endpoint } = await subscribe(server);
    receiver.down = true;
    const orderId = await placeOrder(server);
    await server.shop.webhooks.flushNow();
    for (let hours = 0; hours < 80; hours += 4) {
      clock = new Date(clock.getTime() + 4 * HOUR);
      await server.shop.webhooks.flushNow();
    }
    const disabled = await endpointNow(server, endpoint.endpointId);
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.disabledReason).toContain('for three days');
    // Its event is kept, waiting for the endpoint to be on again.
    const [given] = await deliveries(server, endpoint.endpointId);
    expect(given).toMatchObject({ status: 'pending', lastStatusCode: 503 });
    expect(given?.attempts).toBeGreaterThanOrEqual(9);
    const told = outboxRows(server, 'webhook-disabled');
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`Webhook endpoint disabled: ${receiver.url}`);

    // Disabled: new events are not queued for it, nothing is tried.
    const tries = receiver.received.length;
    await placeOrder(server);
    clock = new Date(clock.getTime() + HOUR);
    await server.shop.webhooks.flushNow();
    expect(receiver.received.length).toBe(tries);

    // Staff fix the receiver and redeliver the given-up event by hand.
    receiver.down = false;
    const redelivered = await rest<Delivery>(server.url, 'POST', '/api/v1/Webhooks/RedeliverWebhook', {
      token,
      body: { deliveryId: given?.deliveryId },
    });
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.data).toMatchObject({
      status: 'delivered',
      lastStatusCode: 200,
      lastAnswer: 'ok',
    });
    expect(orderEvents(receiver, orderId)).toEqual(['order.placed']);
    const on = await rest<Endpoint>(server.url, 'PUT', '/api/v1/Webhooks/SetWebhookEndpointEnabled', {
      token,
      body: { endpointId: endpoint.endpointId, enabled: true },
    });
    expect(on.body.data.disabledAt).toBeNull();
    expect(receiver.refused).toEqual([]);
  });

  it('sends a test event and redelivers one on request, under the same webhook-id', async () => {
    const { receiver, endpoint } = await subscribe(server, ['contact.received']);
    receiver.answer = 'x'.repeat(200_000);
    const test = await rest<Delivery>(server.url, 'POST', '/api/v1/Webhooks/SendTestWebhook', {
      token,
      body: { endpointId: endpoint.endpointId },
    });
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      lastStatusCode: 200,
    });
    // Only the answer's first bytes are kept.
    expect(test.body.data.lastAnswer?.length).toBe(500);
    expect(receiver.accepted().map((r) => r.type)).toEqual(['webhook.test']);

    const again = await rest<Delivery>(server.url, 'POST', '/api/v1/Webhooks/RedeliverWebhook', {
      token,
      body: { deliveryId: test.body.data.deliveryId },
    });
    expect(again.body.data.attempts).toBe(2);
    expect(receiver.received.map((r) => r.webhookId)).toEqual([
      test.body.data.messageId,
      test.body.data.messageId,
    ]);
    // Events it did not subscribe to never reach it.
    await placeOrder(server);
    await server.shop.webhooks.flushNow();
    expect(receiver.received).toHaveLength(2);
  });

  it('keeps answering while a receiver holds its deliveries without answering', async () => {
    // A receiver that reads the request and never answers (the shop gives up on it after 10 seconds).
    const held: http.ServerResponse[] = [];
    const hostile = http.createServer((_request, response) => {
      held.push(response);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    try {
      const port = (hostile.address() as AddressInfo).port;
      const added = await rest<{ endpoint: Endpoint }>(
        server.url,
        'POST',
        '/api/v1/Webhooks/AddWebhookEndpoint',
        {
          token,
          body: { url: `http://127.0.0.1:${port}/hold`, events: ['order.placed'] },
        },
      );
      expect(added.status).toBe(200);
      const first = await placeOrder(server);
      await until(() => held.length >= 1);
      // The shop goes on taking orders and answering staff while the receiver holds the first delivery.
      const second = await placeOrder(server);
      expect(second).toBeGreaterThan(first);
      const listed = await deliveries(server, added.body.data.endpoint.endpointId);
      expect(listed.map((d) => d.status)).toEqual(['pending', 'pending']);
      // One try at a time per endpoint: the second waits for the first rather than opening another connection.
      expect(held).toHaveLength(1);
    } finally {
      for (const response of held) response.destroy();
      hostile.closeAllConnections();
      await new Promise((resolve) => hostile.close(resolve));
    }
  });

  it('refuses bad subscriptions with a message, and every call without a staff token', async () => {
    const bad = async (body: unknown) =>
      rest(server.url, 'POST', '/api/v1/Webhooks/AddWebhookEndpoint', { token, body });
    expect((await bad({ url: 'ftp://example.com/x', events: ['order.placed'] })).body.message).toBe(
      'The webhook address must start with https://.',
    );
    expect((await bad({ url: 'https://example.com/x', events: [] })).status).toBe(400);
    expect((await bad({ url: 'https://example.com/x', events: ['order.shipped'] })).body.message).toContain(
      'Choose at least one event',
    );
    expect((await bad({ url: 'https://user:pw@example.com/x', events: ['order.placed'] })).status).toBe(400);
    for (const [method, path] of [
      ['GET', '/api/v1/Webhooks/GetWebhookEndpoints'],
      ['POST', '/api/v1/Webhooks/AddWebhookEndpoint'],
      ['POST', '/api/v1/Webhooks/SendTestWebhook'],
    ] as const) {
      expect((await rest(server.url, method, path, method === 'GET' ? {} : { body: {} })).status, path).toBe(
        401,
      );
    }
    // An integration client subscribes with the write scope; the read scope may only look.
    const clientToken = async (scope: 'read' | 'write') => {
      const made = await rest<{ client: { clientId: string }; clientSecret: string }>(
        server.url,
        'POST',
        '/api/v1/Integrations/AddIntegrationClient',
        { token, body: { name: `Hooks ${scope}`, scope } },
      );
      const answer = await fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${made.body.data.client.clientId}:${made.body.data.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      return String(((await answer.json()) as { access_token: string }).access_token);
    };
    const receiver = await webhookReceiver();
    receivers.push(receiver);
    const body = { url: receiver.url, events: ['order.placed'] };
    const reader = await clientToken('read');
    expect(
      (await rest(server.url, 'GET', '/api/v1/Webhooks/GetWebhookEndpoints', { token: reader })).status,
    ).toBe(200);
    expect(
      (await rest(server.url, 'POST', '/api/v1/Webhooks/AddWebhookEndpoint', { token: reader, body })).status,
    ).toBe(403);
    const writer = await clientToken('write');
    const added = await rest<{ secret: string }>(server.url, 'POST', '/api/v1/Webhooks/AddWebhookEndpoint', {
      token: writer,
      body,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.secret).toMatch(/^whsec_/);
    const missing = await rest(server.url, 'POST', '/api/v1/Webhooks/RedeliverWebhook', {
      token,
      body: { deliveryId: 999_999 },
    });
    expect(missing.status).toBe(404);
  });
});
