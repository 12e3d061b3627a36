import { emailOutbox } from '@nursery/db';
import { asc, desc } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openTestShop } from '../testing/testShop.ts';
import { createOutbox, OUTBOX_KEEP_MS } from './outbox.ts';

const quiet = { info() {}, warn() {}, error() {} };
const DAY = 24 * 60 * 60_000;

describe('the outbox', () => {
  const t = openTestShop({ demo: false });
  afterAll(() => t.close());

  it('keeps a subject on one line even when a name in it holds a line break', () => {
    t.shop.queueEmail({
      kind: 'new-order',
      to: 'owner@example.com',
      subject: 'New order 7 from Ann\r\nBcc: someone@example.com ($1.00)',
      text: 'body',
    });
    const row = t.shop.db.select().from(emailOutbox).orderBy(desc(emailOutbox.emailId)).get();
    expect(row?.subject).toBe('New order 7 from Ann Bcc: someone@example.com ($1.00)');
  });

  it('keeps notices at most 30 days, sent, failed or never sent: pruned at start and daily', () => {
    vi.useFakeTimers();
    const start = Date.UTC(2026, 5, 1);
    let now = start;
    const o = openTestShop({ demo: false, now: () => new Date(now) });
    try {
      const row = (subject: string, ageDays: number, extra: object = {}) => ({
        kind: 'new-order',
        toAddress: 'owner@example.com',
        subject,
        textBody: 'body',
        createdAt: start - ageDays * DAY,
        ...extra,
      });
      o.shop.db
        .insert(emailOutbox)
        .values([
          row('sent long ago', 45, { sentAt: start - 45 * DAY, attempts: 1 }),
          row('failed long ago', 31, { attempts: 12, lastError: 'connection refused' }),
          row('never sent, no SMTP', 30.5),
          row('29 days old', 29),
          row('today', 0),
        ])
        .run();
      const subjects = () =>
        o.shop.db
          .select({ subject: emailOutbox.subject })
          .from(emailOutbox)
          .orderBy(asc(emailOutbox.emailId))
          .all()
          .map((r) => r.subject);

      // A start of the shop with these notices in it.
      const outbox = createOutbox({
        mail: { smtpUrl: undefined, from: 'shop@example.com' },
        database: () => o.shop.database,
        log: quiet,
        now: () => new Date(now),
      });
      expect(subjects()).toEqual(['29 days old', 'today']);

      // Nothing else happens in between; the shop keeps running and the daily pass removes what passed 30 days.
      vi.advanceTimersByTime(DAY - 1000);
      expect(subjects()).toEqual(['29 days old', 'today']);
      now = start + 2 * DAY;
      vi.advanceTimersByTime(1000);
      expect(subjects()).toEqual(['today']);
      expect(OUTBOX_KEEP_MS).toBe(30 * DAY);
      outbox.close();
    } finally {
      o.close();
      vi.useRealTimers();
    }
  });

  it('says once at start that mail is kept when no SMTP_URL is set, and nothing per e-mail queued', () => {
    const lines: (string | undefined)[] = [];
    const log = {
      info: (_obj: unknown, msg?: string) => lines.push(msg),
      warn: (_obj: unknown, msg?: string) => lines.push(msg),
      error: (_obj: unknown, msg?: string) => lines.push(msg),
    };
    const mail = { smtpUrl: undefined, from: 'shop@example.com' };
    const server = createOutbox({ mail, database: () => t.shop.database, log, now: () => new Date() });
    expect(lines).toEqual([
      "no SMTP_URL configured: e-mails are kept in the outbox, not sent (an order's page lists its own)",
    ]);
    server.queue({ kind: 'new-order', to: 'owner@example.com', subject: 'New order 8', text: 'body' });
    expect(lines).toHaveLength(1);
    server.close();
    // The writer thread and the commands only write rows: the server's own outbox speaks for the shop.
    const writer = createOutbox({
      mail,
      database: () => t.shop.database,
      log,
      now: () => new Date(),
      queueOnly: true,
    });
    writer.queue({ kind: 'receipt', to: 'ann@example.com', subject: 'Your order 8', text: 'body' });
    expect(lines).toHaveLength(1);
    writer.close();
  });
});
