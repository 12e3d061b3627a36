import { contacts } from '@nursery/db';
import type { Contact } from '@nursery/domain';
import { formatDateTime } from '@nursery/domain';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { PagedList, type PageInput } from '../pagedList.ts';
import type { Shop } from '../shop.ts';

export type ContactSubmission = Contact;

const contactColumns = {
  contactId: contacts.contactId,
  name: contacts.name,
  email: contacts.email,
  comments: contacts.comments,
  isSpam: contacts.isSpam,
  spamReason: contacts.spamReason,
  createdAt: contacts.createdAt,
};

type ContactRow = {
  contactId: number;
  name: string;
  email: string;
  comments: string;
  isSpam: boolean;
  spamReason: string | null;
  createdAt: number;
};

export function toContact(row: ContactRow, timeZone: string): ContactSubmission {
  return {
    contactId: row.contactId,
    name: row.name,
    email: row.email,
    comments: row.comments,
    isSpam: row.isSpam,
    spamReason: row.spamReason,
    createdTimestamp: new Date(row.createdAt).toISOString(),
    displayCreatedDate: formatDateTime(row.createdAt, timeZone),
  };
}

/** Every contact submission, newest first, or a page of them (GetUserComments). */
export function allContacts(shop: Shop, page: PageInput = {}): PagedList<ContactSubmission> {
  const tz = shop.config.shop.timeZone;
  const read = (after: number | null, limit: number) => {
    let keyset: SQL | undefined;
    if (after !== null) {
      const anchor = shop.db
        .select({ at: contacts.createdAt, id: contacts.contactId })
        .from(contacts)
        .where(eq(contacts.contactId, after))
        .get();
      if (!anchor) {
        throw new ShopError({
          kind: 'bad_request',
          message: `after must be the id of the last message of the page before: there is no contact message number ${after}.`,
        });
      }
      keyset = sql`(${contacts.createdAt}, ${contacts.contactId}) < (${anchor.at}, ${anchor.id})`;
    }
    return shop.db
      .select(contactColumns)
      .from(contacts)
      .where(keyset)
      .orderBy(desc(contacts.createdAt), desc(contacts.contactId))
      .limit(limit)
      .all()
      .map((row) => toContact(row, tz));
  };
  return new PagedList(read, (c) => c.contactId, page);
}

/** Staff mark a message as spam or take the mark away; their word replaces the automatic reason. */
export function setContactSpam(shop: Shop, contactId: number, isSpam: boolean): ContactSubmission {
  const changed = shop.db
    .update(contacts)
    .set({ isSpam, spamReason: null })
    .where(eq(contacts.contactId, contactId))
    .run();
  if (changed.changes !== 1) {
    throw new ShopError({ kind: 'not_found', message: `There is no contact message number ${contactId}.` });
  }
  const row = shop.db.select(contactColumns).from(contacts).where(eq(contacts.contactId, contactId)).get()!;
  return toContact(row, shop.config.shop.timeZone);
}
