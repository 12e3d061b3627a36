import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { outboxRows, type Received, smtpSink, until } from './support/mail.ts';
import { submitOrder } from './support/orders.ts';

/** What reached the mail server for the owner: the customer's own receipt goes to rosa@ beside it. */
const ownerMail = (sink: { messages: Received[] }) =>
  sink.messages.filter((m) => !m.to.join().includes('rosa@example.com'));

async function freePort(): Promise<number> {
  const probe = await smtpSink();
  await probe.close();
  return probe.port;
}

/** The owner's new-order notices in the outbox (the customer's receipts are tested in customer-emails.test.ts). */
const outbox = (server: TestServer) => outboxRows(server, 'new-order');

/** An orderable product with one price, so an order can be placed without the demo catalogue. */
function addProduct(server: TestServer): number {
  const { sqlite } = server.shop.database;
  const id = Number(
    sqlite
      .prepare(
        "insert into products (name, product_type_id, product_status, product_size) values ('Swamp White Oak', 2, 2, '3 ft')",
      )
      .run().lastInsertRowid,
  );
  sqlite
    .prepare(
      'insert into product_prices (product_id, start_quantity, end_quantity, price_cents) values (?, 1, null, 1250)',
    )
    .run(id);
  return id;
}

const rosa = {
  firstName: 'Rosa',
  lastName: 'Prairie',
  email: 'rosa@example.com',
  confirmEmail: 'rosa@example.com',
  phoneNumber: '555-201-9999',
};
const orderThree = (server: TestServer, productId: number) =>
  submitOrder(server, [{ productId, quantity: 3 }], rosa);

let servers: TestServer[] = [];
let sinks: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers) await s.stop();
  for (const s of sinks) await s.close();
  servers = [];
  sinks = [];
});

describe('e-mail', () => {
  it('without SMTP a new order lands its notice in the outbox, unsent', async () => {
    const server = await startTestServer({ DEMO_DATA: 'false', OWNER_EMAIL: 'owner@nursery.example' });
    servers.push(server);
    const placed = await orderThree(server, addProduct(server));
    expect(placed.status).toBe(200);
    const rows = outbox(server);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'new-order',
      to_address: 'owner@nursery.example',
      sent_at: null,
      attempts: 0,
    });
    expect(rows[0]?.subject).toContain(`New order ${placed.body.data.orderId}`);
    expect(rows[0]?.text_body).toContain('Swamp White Oak');
  });

  it('with SMTP the notice is delivered to the mail server and marked sent', async () => {
    const sink = await smtpSink();
    sinks.push(sink);
    const server = await startTestServer({
      DEMO_DATA: 'false',
      OWNER_EMAIL: 'owner@nursery.example',
      MAIL_FROM: 'shop@nursery.example',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    });
    servers.push(server);
    const placed = await orderThree(server, addProduct(server));
    expect(placed.status).toBe(200);
    await until(() => outbox(server)[0]?.sent_at !== null && ownerMail(sink).length === 1);
    const message = ownerMail(sink)[0] as Received;
    expect(message.from).toContain('shop@nursery.example');
    expect(message.to.join()).toContain('owner@nursery.example');
    expect(message.data).toContain(`Subject: New order ${placed.body.data.orderId}`);
    expect(message.data).toContain('Swamp White Oak');
    expect(outbox(server)[0]).toMatchObject({ attempts: 1, last_error: null });
  });

  it('a mail server that is down never fails the order; the notice is retried later and delivered', async () => {
    const port = await freePort();
    let clock = new Date('2025-04-01T14:00:00Z').getTime();
    const server = await startTestServer(
      { DEMO_DATA: 'false', OWNER_EMAIL: 'owner@nursery.example', SMTP_URL: `smtp://127.0.0.1:${port}` },
      { now: () => new Date(clock) },
    );
    servers.push(server);
    const placed = await orderThree(server, addProduct(server));
    expect(placed.status).toBe(200);
    await until(() => (outbox(server)[0]?.attempts ?? 0) === 1);
    expect(outbox(server)[0]).toMatchObject({
      sent_at: null,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });

    const sink = await smtpSink(port);
    sinks.push(sink);
    // Not due yet: the first retry waits 30 seconds.
    await server.shop.outbox.flushNow();
    expect(ownerMail(sink)).toHaveLength(0);
    clock += 31_000;
    await server.shop.outbox.flushNow();
    expect(ownerMail(sink)).toHaveLength(1);
    expect(outbox(server)[0]).toMatchObject({ attempts: 2, last_error: null, sent_at: clock });
  });

  it('gathers the new-order notices of a burst into one e-mail: the first at once, the rest when a minute is over', async () => {
    const sink = await smtpSink();
    sinks.push(sink);
    let clock = new Date('2025-04-01T14:00:00Z').getTime();
    const server = await startTestServer(
      { DEMO_DATA: 'false', OWNER_EMAIL: 'owner@nursery.example', SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
      { now: () => new Date(clock) },
    );
    servers.push(server);
    const productId = addProduct(server);
    const first = await orderThree(server, productId);
    await until(() => ownerMail(sink).length === 1);
    expect(ownerMail(sink)[0]?.data).toContain(`Subject: New order ${first.body.data.orderId} `);

    // Twelve more orders within the minute: held, then sent as one e-mail that lists them all.
    const burst = await Promise.all(Array.from({ length: 12 }, () => orderThree(server, productId)));
    expect(burst.every((b) => b.status === 200)).toBe(true);
    await server.shop.outbox.flushNow();
    expect(ownerMail(sink)).toHaveLength(1);
    expect(outbox(server).filter((r) => r.sent_at === null)).toHaveLength(12);

    clock += 61_000;
    await server.shop.outbox.flushNow();
    expect(ownerMail(sink)).toHaveLength(2);
    const digest = ownerMail(sink)[1] as Received;
    expect(digest.to.join()).toContain('owner@nursery.example');
    expect(digest.data).toMatch(/Subject: 12 new orders: New order \d+ from Rosa Prairie/);
    for (const placed of burst) expect(digest.data).toContain(`Order ${placed.body.data.orderId} was placed`);
    expect(outbox(server).every((r) => r.sent_at !== null)).toBe(true);
  });

  it('sends what an earlier run left unsent when the shop starts', async () => {
    const sink = await smtpSink();
    sinks.push(sink);
    // A data folder of the test's own, so stopping the first run (which lets go of the folder's lock) keeps it.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-mail-'));
    const first = await startTestServer({ DEMO_DATA: 'false' }, { dataDir });
    await orderThree(first, addProduct(first));
    // Stop, then start again on the same folder, now with a mail server.
    await first.stop();
    const second = await startTestServer(
      { DEMO_DATA: 'false', SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
      { dataDir },
    );
    servers.push(second);
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    await until(() => ownerMail(sink).length === 1 && outbox(second)[0]?.sent_at !== null);
  });
});
