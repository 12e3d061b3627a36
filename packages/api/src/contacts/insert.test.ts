import { contacts } from '@nursery/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputMessages, openTestShop, type TestShop } from '../testing/testShop.ts';

let t: TestShop;
const NOW = Date.parse('2025-02-10T15:00:00Z');
beforeAll(() => {
  t = openTestShop({ demo: false, now: () => new Date(NOW) });
});
afterAll(() => t.close());

const stored = (id: number) => t.shop.db.select().from(contacts).where(eq(contacts.contactId, id)).get()!;
let ipCounter = 0;
const visitor = () => t.caller({ clientIp: `203.0.113.${++ipCounter}` });

const message = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  comments: 'Do you have bare root sugar maples this spring?',
  loadTime: NOW - 45_000,
};

describe('contacts.insert', () => {
  it('stores a message with its load time and answers the submission id', async () => {
    const { contactSubmissionId } = await visitor().contacts.insert(message);
    expect(stored(contactSubmissionId)).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      comments: message.comments,
      loadTime: NOW - 45_000,
      isSpam: false,
      spamReason: null,
      createdAt: NOW,
    });
  });

  it('accepts the load time as an ISO timestamp or a numeric string', async () => {
    const a = await visitor().contacts.insert({
      ...message,
      loadTime: new Date(NOW - 60_000).toISOString() as unknown as number,
    });
    expect(stored(a.contactSubmissionId).loadTime).toBe(NOW - 60_000);
    const b = await visitor().contacts.insert({
      ...message,
      loadTime: String(NOW - 10_000) as unknown as number,
    });
    expect(stored(b.contactSubmissionId).isSpam).toBe(false);
  });

  it('flags a message sent implausibly fast, a filled-in honeypot, and link stuffing', async () => {
    const fast = await visitor().contacts.insert({ ...message, loadTime: NOW - 1200 });
    expect(stored(fast.contactSubmissionId)).toMatchObject({
      isSpam: true,
      spamReason: 'Sent 1.2 s after the page loaded.',
    });

    const honeypot = await visitor().contacts.insert({ ...message, subject: 'Great offer' });
    expect(stored(honeypot.contactSubmissionId)).toMatchObject({
      isSpam: true,
      spamReason: 'Filled in the hidden subject field.',
      subject: 'Great offer',
    });

    const links = await visitor().contacts.insert({
      ...message,
      comments: 'Cheap pills http://a.example https://b.example www.c.example',
    });
    expect(stored(links.contactSubmissionId)).toMatchObject({
      isSpam: true,
      spamReason: 'Contains 3 links.',
    });

    const twoLinks = await visitor().contacts.insert({
      ...message,
      comments: 'Like the maple at https://a.example and https://b.example?',
    });
    expect(stored(twoLinks.contactSubmissionId).isSpam).toBe(false);

    // A visitor whose clock runs ahead is not taken for a script.
    const ahead = await visitor().contacts.insert({ ...message, loadTime: NOW + 120_000 });
    expect(stored(ahead.contactSubmissionId).isSpam).toBe(false);
  });

  it('says what is missing in words a visitor can act on', async () => {
    const error = await visitor()
      .contacts.insert({ name: ' ', email: 'nope', comments: '', loadTime: 'soon' as unknown as number })
      .catch((e: unknown) => e);
    expect(inputMessages(error)).toEqual([
      'Please enter your name.',
      'Please enter a valid email address, like name@example.com.',
      'Please enter your comments.',
      'loadTime must be a time.',
    ]);
  });

  it('limits messages per client address to 5 a minute', async () => {
    const same = t.caller({ clientIp: '198.51.100.77' });
    for (let i = 0; i < 5; i++) await same.contacts.insert(message);
    await expect(same.contacts.insert(message)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(
        /^Too many messages from your connection\. Please wait \d+ seconds? and try again\.$/,
      ),
    });
    await expect(visitor().contacts.insert(message)).resolves.toHaveProperty('contactSubmissionId');
  });
});
