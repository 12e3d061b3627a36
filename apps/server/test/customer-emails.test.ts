import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { displayPickUpDate } from '@nursery/domain';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';
import { outboxRows, type SmtpSink, smtpSink, until } from './support/mail.ts';
import { placeOrder, setProductStatus } from './support/orders.ts';

const outbox = outboxRows;

/** A product with two tiers (1-9 at $12.50, 10 and up at $10.00), in the given status. */
function addProduct(server: TestServer, status = 2, name = 'Swamp White Oak'): number {
  const { sqlite } = server.shop.database;
  const id = Number(
    sqlite
      .prepare(
        "insert into products (name, product_type_id, product_status, product_size) values (?, 2, ?, '3 ft')",
      )
      .run(name, status).lastInsertRowid,
  );
  const tier = sqlite.prepare(
    'insert into product_prices (product_id, start_quantity, end_quantity, price_cents) values (?, ?, ?, ?)',
  );
  tier.run(id, 1, 9, 1250);
  tier.run(id, 10, null, 1000);
  return id;
}

const customer = {
  firstName: 'Rosa',
  lastName: 'Prairie',
  email: 'rosa@example.com',
  confirmEmail: 'rosa@example.com',
  phoneNumber: '555-201-9999',
};

const placeOne = (server: TestServer, productId: number, quantity: number) =>
  placeOrder(server, [{ productId, quantity }], customer);

let servers: TestServer[] = [];
let sinks: SmtpSink[] = [];
afterEach(async () => {
  for (const s of servers) await s.stop();
  for (const s of sinks) await s.close();
  servers = [];
  sinks = [];
});

async function start(env: Record<string, string> = {}, options: { now?: () => Date } = {}) {
  const server = await startTestServer(
    { DEMO_DATA: 'false', SHOP_NAME: 'Prairie Hollow', SHOP_PHONE: '(555) 555-0100', ...env },
    options,
  );
  servers.push(server);
  return server;
}

describe('customer e-mails', () => {
  it('writes a receipt with lines, tier prices, tax, total and how to look the order up', async () => {
    const server = await start();
    const orderId = await placeOne(server, addProduct(server), 10);
    const [receipt, ...more] = outbox(server, 'receipt');
    expect(more).toHaveLength(0);
    expect(receipt).toMatchObject({
      to_address: 'rosa@example.com',
      subject: `Your order ${orderId} at Prairie Hollow`,
      order_id: orderId,
      sent_at: null,
    });
    const text = receipt?.text_body ?? '';
    expect(text).toContain('Hello Rosa,');
    // Ten is the second tier's price.
    expect(text).toContain('10 x Swamp White Oak (3 ft) at $10.00 each = $100.00');
    expect(text).toContain('Subtotal: $100.00');
    expect(text).toContain('Tax: $5.50');
    expect(text).toContain('Total: $105.50');
    expect(text).toContain(`${server.config.publicUrl}/Order/${orderId}`);
    expect(text).toContain('phone number on the order (555-201-9999)');
    // No pick-up day on this order: the line is left out, not left dangling.
    expect(text).not.toContain('Pick-up day');
  });

  it('tells the customer when staff change what the order says, and not for a comment', async () => {
    const server = await start();
    const token = await staffToken(server);
    const productId = addProduct(server);
    const orderId = await placeOne(server, productId, 3);
    const read = await rest<{ version: number }>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`,
      { token },
    );
    const update = (version: number, quantity: number, comments: string) =>
      rest<{ version: number }>(server.url, 'PUT', '/api/v1/Orders/Update', {
        token,
        body: { orderId, version, ...customer, comments, products: [{ productId, quantity }] },
      });
    const commented = await update(read.body.data.version, 3, 'Call before you come');
    expect(commented.status).toBe(200);
    expect(outbox(server, 'order-changed')).toHaveLength(0);

    const changed = await update(commented.body.data.version, 4, 'Call before you come');
    expect(changed.status).toBe(200);
    const [notice, ...more] = outbox(server, 'order-changed');
    expect(more).toHaveLength(0);
    expect(notice?.order_id).toBe(orderId);
    expect(notice?.subject).toBe(`Your order ${orderId} at Prairie Hollow was changed`);
    expect(notice?.text_body).toContain('4 x Swamp White Oak (3 ft) at $12.50 each = $50.00');
    expect(notice?.text_body).toContain('Total: $52.75');

    // The tax exemption changes the total: a notice too.
    const flagged = await rest(server.url, 'PUT', '/api/v1/Orders/Update/Flags', {
      token,
      body: { orderId, isTaxExempt: true, version: changed.body.data.version },
    });
    expect(flagged.status).toBe(200);
    expect(outbox(server, 'order-changed').at(-1)?.text_body).toContain('Total: $50.00');

    // The order's e-mails, as staff see them: receipt and two notices, none sent (no mail server).
    const emails = await rest<{ kind: string; status: string; canRetry: boolean }[]>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderEmails?orderId=${orderId}`,
      { token },
    );
    expect(emails.status).toBe(200);
    expect(emails.body.data.map((e) => [e.kind, e.status])).toEqual([
      ['receipt', 'not-sent'],
      ['order-changed', 'not-sent'],
      ['order-changed', 'not-sent'],
    ]);
    const emailId = (emails.body.data[0] as unknown as { emailId: number }).emailId;
    const retry = await rest(server.url, 'POST', `/api/v1/Orders/RetryEmail?emailId=${emailId}`, { token });
    expect(retry.status).toBe(400);
    expect(retry.body.message).toContain('No mail server is set up');

    // An order staff enter by hand with the customer's address gets its receipt too; one without none.
    const entered = await rest<{ orderId: number }>(server.url, 'PUT', '/api/v1/Orders/Update', {
      token,
      body: { ...customer, email: 'phone.order@example.com', products: [{ productId, quantity: 1 }] },
    });
    expect(entered.status).toBe(200);
    expect(outbox(server, 'receipt').map((r) => [r.order_id, r.to_address])).toEqual([
      [orderId, 'rosa@example.com'],
      [entered.body.data.orderId, 'phone.order@example.com'],
    ]);
    const noAddress = await rest(server.url, 'PUT', '/api/v1/Orders/Update', {
      token,
      body: { ...customer, email: '', products: [{ productId, quantity: 1 }] },
    });
    expect(noAddress.status).toBe(200);
    expect(outbox(server, 'receipt')).toHaveLength(2);
  });

  it('edits a text with placeholders, refuses unknown ones by name, and staff calls need a token', async () => {
    const server = await start();
    const token = await staffToken(server);
    const refused = await rest(server.url, 'PUT', '/api/v1/Settings/SetCustomerEmail', {
      token,
      body: { kind: 'receipt', subject: 'Order {orderNumber}', body: 'Pick up on {pickupdate}, {nmae}.' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('{pickupdate}, {nmae}');
    expect(refused.body.message).toContain('{pickupDay}');

    const saved = await rest<{ kind: string; subject: string; isDefault: boolean }[]>(
      server.url,
      'PUT',
      '/api/v1/Settings/SetCustomerEmail',
      {
        token,
        body: { kind: 'receipt', subject: 'Thanks, {firstName}: order {orderNumber}', body: 'Total {total}' },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.find((t) => t.kind === 'receipt')).toMatchObject({ isDefault: false });
    const orderId = await placeOne(server, addProduct(server), 1);
    expect(outbox(server, 'receipt')[0]).toMatchObject({
      subject: `Thanks, Rosa: order ${orderId}`,
      text_body: 'Total $13.19',
    });

    for (const [method, path] of [
      ['GET', '/api/v1/Settings/GetCustomerEmails'],
      ['PUT', '/api/v1/Settings/SetCustomerEmail'],
      ['GET', `/api/v1/Orders/GetOrderEmails?orderId=${orderId}`],
      ['POST', '/api/v1/Orders/RetryEmail?emailId=1'],
      ['GET', '/api/v1/Waitlist/GetWaitlist?productId=1'],
      ['DELETE', '/api/v1/Waitlist/RemoveEntry?waitlistEntryId=1'],
    ] as const) {
      const answer = await rest(server.url, method, path, method === 'PUT' ? { body: {} } : {});
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });

  it('a failed send is retried: automatically, and at once from the Retry button', async () => {
    const probe = await smtpSink();
    const port = probe.port;
    await probe.close();
    const server = await start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const token = await staffToken(server);
    const orderId = await placeOne(server, addProduct(server), 2);
    await until(() => (outbox(server, 'receipt')[0]?.attempts ?? 0) >= 1);
    const failed = await rest<{ emailId: number; status: string; canRetry: boolean; lastError: string }[]>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderEmails?orderId=${orderId}`,
      { token },
    );
    expect(failed.body.data[0]).toMatchObject({ status: 'retrying', canRetry: true });
    expect(failed.body.data[0]?.lastError).toMatch(/ECONNREFUSED/);

    const sink = await smtpSink(port);
    sinks.push(sink);
    const retried = await rest<{ status: string }[]>(
      server.url,
      'POST',
      `/api/v1/Orders/RetryEmail?emailId=${failed.body.data[0]?.emailId}`,
      { token },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.data[0]?.status).toBe('sent');
    const delivered = sink.messages.filter((m) => m.to.join().includes('rosa@example.com'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.data).toContain(`Subject: Your order ${orderId} at Prairie Hollow`);
    const again = await rest(
      server.url,
      'POST',
      `/api/v1/Orders/RetryEmail?emailId=${failed.body.data[0]?.emailId}`,
      { token },
    );
    expect(again.status).toBe(400);
  });
});

describe('waitlist', () => {
  it('keeps one entry per address, refuses a bad address, and tells people once in the order they joined', async () => {
    const server = await start();
    const token = await staffToken(server);
    const soldOut = addProduct(server, 3, 'Bur Oak');
    const join = (email: string, quantity = 1) =>
      rest<{ message: string }>(server.url, 'POST', '/api/v1/Waitlist/Join', {
        body: { productId: soldOut, email, quantity },
      });
    expect((await join('cora@example.com', 2)).status).toBe(200);
    expect((await join('abe@example.com')).status).toBe(200);
    expect((await join('bea@example.com')).status).toBe(200);
    // Abe again, in other letters: still one entry, still second in line, still for 1 (anyone can type an address).
    const twice = await join('ABE@example.com', 5);
    expect(twice.status).toBe(200);
    expect(twice.body.data.message).toBe(
      'You are already on the waitlist for Bur Oak - 3 ft with ABE@example.com, so nothing was changed: we will e-mail you once when it is back.',
    );
    const bad = await join('abe@example');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('valid email address');
    const orderable = addProduct(server, 2, 'Red Maple');
    const notWaiting = await rest(server.url, 'POST', '/api/v1/Waitlist/Join', {
      body: { productId: orderable, email: 'dan@example.com', quantity: 1 },
    });
    expect(notWaiting.status).toBe(400);
    expect(notWaiting.body.message).toContain('Red Maple can be ordered now');
    // Past the per-client limit (five a minute, as the contact form).
    const limited = await join('eve@example.com');
    expect(limited.status).toBe(429);

    type Waitlist = {
      waiting: number;
      entries: {
        waitlistEntryId: number;
        email: string;
        quantity: number;
        toldTimestamp: string | null;
        notice: { emailId: number; status: string; displayStatus: string } | null;
      }[];
    };
    const list = await rest<Waitlist>(
      server.url,
      'GET',
      `/api/v1/Waitlist/GetWaitlist?productId=${soldOut}`,
      { token },
    );
    expect(list.body.data.waiting).toBe(3);
    expect(list.body.data.entries.map((e) => [e.email, e.quantity])).toEqual([
      ['cora@example.com', 2],
      ['abe@example.com', 1],
      ['bea@example.com', 1],
    ]);

    // Back on sale: each is told, in the order they joined.
    const active = await setProductStatus(server, token, soldOut, 2);
    expect(active.status).toBe(200);
    const told = outbox(server, 'back-in-stock');
    expect(told.map((r) => r.to_address)).toEqual(['cora@example.com', 'abe@example.com', 'bea@example.com']);
    expect(told[1]?.subject).toBe('Bur Oak - 3 ft is back at Prairie Hollow');
    expect(told[0]?.text_body).toContain('You asked about 2.');
    expect(told[1]?.text_body).toContain(`${server.config.publicUrl}/Products/${soldOut}/bur-oak\n`);

    // Sold out and back again: nobody is told twice.
    await setProductStatus(server, token, soldOut, 3);
    await setProductStatus(server, token, soldOut, 2);
    expect(outbox(server, 'back-in-stock')).toHaveLength(3);
    const after = await rest<Waitlist>(
      server.url,
      'GET',
      `/api/v1/Waitlist/GetWaitlist?productId=${soldOut}`,
      { token },
    );
    // Without a mail server nobody was told: each notice says so, and all three are still waiting.
    expect(after.body.data.waiting).toBe(3);
    expect(after.body.data.entries.map((e) => [e.toldTimestamp, e.notice?.status])).toEqual([
      [null, 'not-sent'],
      [null, 'not-sent'],
      [null, 'not-sent'],
    ]);
    expect(after.body.data.entries[0]?.notice?.displayStatus).toBe(
      'Not sent: no mail server is set up (SMTP_URL)',
    );
    const noServer = await rest(
      server.url,
      'POST',
      `/api/v1/Waitlist/RetryNotice?emailId=${after.body.data.entries[0]?.notice?.emailId}`,
      { token },
    );
    expect(noServer.status).toBe(400);
    expect(noServer.body.message).toContain('No mail server is set up');

    const removed = await rest<Waitlist>(
      server.url,
      'DELETE',
      `/api/v1/Waitlist/RemoveEntry?waitlistEntryId=${after.body.data.entries[0]?.waitlistEntryId}`,
      { token },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.entries.map((e) => e.email)).toEqual(['abe@example.com', 'bea@example.com']);
  });

  it('counts an entry told only when its e-mail went: waiting, failed with Retry, then sent', async () => {
    const probe = await smtpSink();
    const port = probe.port;
    await probe.close();
    const server = await start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const token = await staffToken(server);
    const productId = addProduct(server, 3, 'Bur Oak');
    const joined = await rest(server.url, 'POST', '/api/v1/Waitlist/Join', {
      body: { productId, email: 'cora@example.com', quantity: 2 },
    });
    expect(joined.status).toBe(200);
    type Waitlist = {
      waiting: number;
      entries: {
        toldTimestamp: string | null;
        notice: { emailId: number; status: string; canRetry: boolean; lastError: string | null } | null;
      }[];
    };
    const waitlist = async () =>
      (
        await rest<Waitlist>(server.url, 'GET', `/api/v1/Waitlist/GetWaitlist?productId=${productId}`, {
          token,
        })
      ).body.data;
    expect((await waitlist()).entries[0]).toMatchObject({ toldTimestamp: null, notice: null });

    // Back on sale while the mail server is down: the notice is written, tried, and nobody is told.
    await setProductStatus(server, token, productId, 2);
    await until(() => (outbox(server, 'back-in-stock')[0]?.attempts ?? 0) >= 1);
    const failed = await waitlist();
    expect(failed.waiting).toBe(1);
    expect(failed.entries[0]?.toldTimestamp).toBeNull();
    expect(failed.entries[0]?.notice).toMatchObject({ status: 'retrying', canRetry: true });
    expect(failed.entries[0]?.notice?.lastError).toMatch(/ECONNREFUSED/);

    // The server is back and staff press Retry: the e-mail goes, and only now is the entry told.
    const sink = await smtpSink(port);
    sinks.push(sink);
    const retried = await rest<Waitlist>(
      server.url,
      'POST',
      `/api/v1/Waitlist/RetryNotice?emailId=${failed.entries[0]?.notice?.emailId}`,
      { token },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.data.waiting).toBe(0);
    expect(retried.body.data.entries[0]?.notice?.status).toBe('sent');
    expect(retried.body.data.entries[0]?.toldTimestamp).not.toBeNull();
    expect(sink.messages.filter((m) => m.to.join().includes('cora@example.com'))).toHaveLength(1);
    // An order's e-mail is not a waitlist notice, and a sent one is not sent twice.
    await placeOne(server, addProduct(server), 1);
    await until(() => outbox(server, 'receipt').length > 0);
    const receipt = outbox(server, 'receipt')[0]?.email_id;
    expect(
      (await rest(server.url, 'POST', `/api/v1/Waitlist/RetryNotice?emailId=${receipt}`, { token })).status,
    ).toBe(404);
    expect(
      (
        await rest(
          server.url,
          'POST',
          `/api/v1/Waitlist/RetryNotice?emailId=${failed.entries[0]?.notice?.emailId}`,
          { token },
        )
      ).status,
    ).toBe(400);
  });

  it('leaves a told entry as it is when its address joins again in other letters: no second notice, no new place', async () => {
    const server = await start();
    const token = await staffToken(server);
    const productId = addProduct(server, 3, 'Bur Oak');
    const join = (email: string, quantity: number) =>
      rest<{ message: string; quantity: number }>(server.url, 'POST', '/api/v1/Waitlist/Join', {
        body: { productId, email, quantity },
      });
    const status = (productStatus: number) => setProductStatus(server, token, productId, productStatus);
    expect((await join('cora@example.com', 2)).status).toBe(200);
    expect((await join('abe@example.com', 1)).status).toBe(200);
    expect((await status(2)).status).toBe(200);
    expect(outbox(server, 'back-in-stock')).toHaveLength(2);
    const entries = () =>
      server.shop.database.sqlite
        .prepare(
          'select email, quantity, created_at, told_at, email_id from waitlist_entries order by waitlist_entry_id',
        )
        .all();
    const before = entries();

    expect((await status(3)).status).toBe(200);
    const again = await join('CORA@Example.COM', 500);
    expect(again.status).toBe(200);
    expect(again.body.data.quantity).toBe(2);
    expect(again.body.data.message).toBe(
      'You are already on the waitlist for Bur Oak - 3 ft with CORA@Example.COM, and our e-mail that it is back has gone to you or is on its way, so nothing was changed. If it has sold out again, please call or e-mail the nursery.',
    );
    expect(entries()).toEqual(before);
    expect((await status(2)).status).toBe(200);
    expect(outbox(server, 'back-in-stock')).toHaveLength(2);
  });

  it('is told when stock comes back to a product on sale, not while it has none', async () => {
    const server = await start();
    const token = await staffToken(server);
    const productId = addProduct(server, 2, 'Pawpaw');
    const stock = (changeInStock: number) =>
      rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
        token,
        body: [{ productId, changeInStock, notes: '' }],
      });
    expect((await stock(2)).status).toBe(200);
    await placeOne(server, productId, 2);
    // The order emptied it: Sold Out, and a customer joins.
    const joined = await rest(server.url, 'POST', '/api/v1/Waitlist/Join', {
      body: { productId, email: 'fern@example.com', quantity: 4 },
    });
    expect(joined.status).toBe(200);
    // Staff put it back on sale with nothing in stock: nobody can order it, nobody is told.
    await setProductStatus(server, token, productId, 2);
    expect(outbox(server, 'back-in-stock')).toHaveLength(0);
    expect((await stock(10)).status).toBe(200);
    expect(outbox(server, 'back-in-stock').map((r) => r.to_address)).toEqual(['fern@example.com']);
  });
});

describe('pick-up reminders', () => {
  it('reminds each order the day before its pick-up day once, from 9 AM shop time, across restarts', async () => {
    // 8 AM on Friday April 3, 2026 in Chicago (CDT, UTC-5).
    let clock = Date.parse('2026-04-03T13:00:00Z');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-reminders-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { SHOP_TIME_ZONE: 'America/Chicago' };
    const first = await startTestServer(
      { DEMO_DATA: 'false', SHOP_NAME: 'Prairie Hollow', SHOP_PHONE: '(555) 555-0100', ...env },
      { now: () => new Date(clock), dataDir },
    );
    const token = await staffToken(first);
    const productId = addProduct(first);
    type Day = { pickUpDayId: number; date: string };
    let days: Day[] = [];
    for (const date of ['2026-04-04', '2026-04-05']) {
      const saved = await rest<Day[]>(first.url, 'POST', '/api/v1/PickUpDays/SavePickUpDay', {
        token,
        // The note says where to collect: the customer reads it wherever the day is named.
        body: {
          date,
          startTime: '09:00',
          endTime: '16:00',
          capacity: 10,
          note: date === '2026-04-04' ? 'At the barn' : '',
        },
      });
      expect(saved.status).toBe(200);
      days = saved.body.data;
    }
    const dayId = (date: string) => days.find((d) => d.date === date)?.pickUpDayId;
    const order = (date: string, email = customer.email) =>
      placeOrder(first, [{ productId, quantity: 1 }], {
        ...customer,
        email,
        confirmEmail: email,
        pickUpDayId: dayId(date),
      });
    const saturday = await order('2026-04-04');
    const sunday = await order('2026-04-05', 'sam@example.com');
    const deleted = await order('2026-04-04', 'gone@example.com');
    expect(
      (await rest(first.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${deleted}`, { token })).status,
    ).toBe(200);
    // The receipt names the day.
    expect(outbox(first, 'receipt')[0]?.text_body).toContain(
      'Pick-up day: Saturday, April 4, 2026, 9:00 AM to 4:00 PM (At the barn)\n',
    );

    // Before 9 AM nobody is e-mailed; at 10 AM Saturday's live order is.
    expect(first.reminders.checkNow()).toBe(0);
    clock = Date.parse('2026-04-03T15:00:00Z');
    expect(first.reminders.checkNow()).toBe(1);
    const [reminder] = outbox(first, 'pickup-reminder');
    expect(reminder).toMatchObject({ order_id: saturday, to_address: customer.email });
    expect(reminder?.subject).toBe(`Pick-up tomorrow: your order ${saturday} at Prairie Hollow`);
    expect(reminder?.text_body).toContain(
      'ready to pick up tomorrow, Saturday, April 4, 2026, 9:00 AM to 4:00 PM (At the barn).',
    );
    // The hourly pass again, and again after a restart: still one.
    clock += 60 * 60_000;
    expect(first.reminders.checkNow()).toBe(0);
    await first.stop();
    const second = await startTestServer(
      { DEMO_DATA: 'false', ...env },
      { now: () => new Date(clock), dataDir },
    );
    servers.push(second);
    expect(second.reminders.checkNow()).toBe(0);
    expect(outbox(second, 'pickup-reminder')).toHaveLength(1);

    // Saturday 10 AM: Sunday's order.
    clock = Date.parse('2026-04-04T15:00:00Z');
    expect(second.reminders.checkNow()).toBe(1);
    expect(outbox(second, 'pickup-reminder').map((r) => [r.order_id, r.to_address])).toEqual([
      [saturday, customer.email],
      [sunday, 'sam@example.com'],
    ]);
  });
  it('tells each waiting order on a pick-up day once when staff move the day, naming the new day', async () => {
    const server = await start();
    const token = await staffToken(server);
    const productId = addProduct(server);
    const year = new Date().getFullYear() + 1;
    type Day = { pickUpDayId: number; date: string };
    const saveDay = (body: Record<string, unknown>) =>
      rest<Day[]>(server.url, 'POST', '/api/v1/PickUpDays/SavePickUpDay', { token, body });
    const day = {
      date: `${year}-04-04`,
      startTime: '09:00',
      endTime: '16:00',
      capacity: 10,
      note: 'At the barn',
    };
    const saved = await saveDay(day);
    expect(saved.status).toBe(200);
    const pickUpDayId = saved.body.data[0]?.pickUpDayId;
    const order = (email: string) =>
      placeOrder(server, [{ productId, quantity: 1 }], {
        ...customer,
        email,
        confirmEmail: email,
        pickUpDayId,
      });
    const rosa = await order('rosa@example.com');
    const sam = await order('sam@example.com');
    const collected = await order('early@example.com');
    server.shop.database.sqlite
      .prepare("update orders set picked_up_at = 1, picked_up_by = 'Sam Staff' where order_id = ?")
      .run(collected);

    // Capacity alone concerns nobody's order.
    expect((await saveDay({ ...day, pickUpDayId, capacity: 20 })).status).toBe(200);
    expect(outbox(server, 'order-changed')).toHaveLength(0);

    // New hours on a new date: each waiting order is told once, with the new day; the collected one is not.
    const moved = await saveDay({
      ...day,
      pickUpDayId,
      capacity: 20,
      date: `${year}-04-05`,
      endTime: '12:00',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const notices = outbox(server, 'order-changed');
    expect(notices.map((n) => [n.order_id, n.to_address])).toEqual([
      [rosa, 'rosa@example.com'],
      [sam, 'sam@example.com'],
    ]);
    for (const n of notices) {
      expect(n.text_body).toContain(
        `${displayPickUpDate(`${year}-04-05`)}, 9:00 AM to 12:00 PM (At the barn)`,
      );
    }
  });
});
