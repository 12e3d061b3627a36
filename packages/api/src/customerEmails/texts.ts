import { customerEmailTemplates, perConnection, type ShopDb } from '@nursery/db';
import { type CustomerEmailKind, type CustomerEmailText, DEFAULT_CUSTOMER_EMAILS } from '@nursery/domain';
import { eq, sql } from 'drizzle-orm';
import type { ShopRecords } from '../shop.ts';

// The texts the e-mails are written from, apart from the order and Settings code, so the waitlist (called from
// the catalogue's saves) can use them without importing the orders.

/** Every placed order reads the receipt's text: the read is prepared once per connection. */
const templateStatements = perConnection((db: ShopDb) => ({
  byKind: db
    .select({ subject: customerEmailTemplates.subject, body: customerEmailTemplates.body })
    .from(customerEmailTemplates)
    .where(eq(customerEmailTemplates.kind, sql.placeholder('kind')))
    .prepare(),
}));

/** The text staff saved for this kind of e-mail, or the shop's own. */
export function customerEmailText(shop: ShopRecords, kind: CustomerEmailKind): CustomerEmailText {
  return templateStatements(shop.db).byKind.get({ kind }) ?? DEFAULT_CUSTOMER_EMAILS[kind];
}

export function shopPlaceholderValues(shop: ShopRecords): Record<string, string> {
  return { shopName: shop.config.shop.name, shopPhone: shop.config.shop.phone };
}
