import { emailOutbox } from '@nursery/db';
import { desc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestShop } from '../testing/testShop.ts';

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
});
