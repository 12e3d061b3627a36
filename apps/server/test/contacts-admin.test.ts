import { zonedTimeToInstant } from '@nursery/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { sendContactMessage, signedInShop } from './support/shop.ts';

interface Contact {
  contactId: number;
  name: string;
  email: string;
  comments: string;
  isSpam: boolean;
  spamReason: string | null;
  createdTimestamp: string;
  displayCreatedDate: string;
}

let clock = zonedTimeToInstant('America/Chicago', 2026, 2, 3, 8, 15);
let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInShop({ DEMO_DATA: 'false' }, { now: () => clock }));
  const insert = server.shop.database.sqlite.prepare(
    'insert into contacts (name, email, comments, is_spam, spam_reason, created_at) values (?, ?, ?, ?, ?, ?)',
  );
  insert.run(
    'Ruth Fern',
    'ruth@example.com',
    'Do you ship bare root oaks?',
    0,
    null,
    clock.getTime() - 86_400_000,
  );
  insert.run(
    'Cheap Pills',
    'spam@example.net',
    'Visit http://spam.example',
    1,
    'Contains links.',
    clock.getTime() - 3_600_000,
  );
  clock = new Date(clock.getTime() + 60_000);
});
afterAll(async () => server?.stop());

it('lists contact messages newest first, with the spam mark and the date in the shop time zone', async () => {
  const sent = await sendContactMessage(server, {
    name: 'Hal Birch',
    email: 'hal@example.com',
    comments: 'When is pick-up this spring?',
    loadTime: clock.getTime() - 90_000,
  });
  expect(sent.status).toBe(200);

  const list = await rest<Contact[]>(server.url, 'GET', '/api/v1/Contact/GetUserComments', { token });
  expect(list.status).toBe(200);
  expect(list.body.data.map((c) => c.name)).toEqual(['Hal Birch', 'Cheap Pills', 'Ruth Fern']);
  expect(list.body.data[1]).toMatchObject({ isSpam: true, spamReason: 'Contains links.' });
  expect(list.body.data[2]).toMatchObject({ isSpam: false, displayCreatedDate: '2/2/2026 8:15 AM' });
});

/** Staff mark a message as spam, or take the mark away, from the contacts list. */
const setSpam = (contactId: number, isSpam: boolean) =>
  rest<Contact>(server.url, 'PUT', `/api/v1/Contact/SetSpam?contactId=${contactId}&isSpam=${isSpam}`, {
    token,
  });

it('lets staff mark a message as spam and take the mark away', async () => {
  const list = await rest<Contact[]>(server.url, 'GET', '/api/v1/Contact/GetUserComments', { token });
  const ruth = list.body.data.find((c) => c.name === 'Ruth Fern')!;
  const marked = await setSpam(ruth.contactId, true);
  expect(marked.status).toBe(200);
  expect(marked.body.data).toMatchObject({ contactId: ruth.contactId, isSpam: true });

  const spam = list.body.data.find((c) => c.name === 'Cheap Pills')!;
  const cleared = await setSpam(spam.contactId, false);
  expect(cleared.body.data).toMatchObject({ isSpam: false, spamReason: null });

  const after = await rest<Contact[]>(server.url, 'GET', '/api/v1/Contact/GetUserComments', { token });
  expect(after.body.data.filter((c) => c.isSpam).map((c) => c.name)).toEqual(['Ruth Fern']);
});
