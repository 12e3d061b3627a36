import { contacts } from '@nursery/db';
import type { ContactSubmissionInput } from '@nursery/domain';
import { consumeLimit } from '../rateLimit.ts';
import type { ApiContext } from '../trpc.ts';
import { queueWebhookEvent } from '../webhooks/events.ts';
import { toContact } from './adminContacts.ts';

/** A person reads the page and types a message; a script posts the moment the page loads. */
export const MIN_SECONDS_TO_WRITE = 3;
/** Real questions carry a link now and then; advertising carries many. */
export const MAX_LINKS = 2;

const LINK = /\bhttps?:\/\/|\bwww\.|\[url[=\]]|<a\s/gi;

/**
 * Why a submission looks like spam, or null. Spam is stored and flagged for staff rather than
 * refused, so a bot learns nothing and a real visitor caught by mistake is still read.
 */
export function spamReason(input: ContactSubmissionInput, receivedAt: number): string | null {
  const reasons: string[] = [];
  const elapsedMs = receivedAt - input.loadTime;
  // A load time in the future is a visitor's clock running ahead, not proof of a script.
  if (elapsedMs >= 0 && elapsedMs < MIN_SECONDS_TO_WRITE * 1000) {
    reasons.push(`Sent ${(elapsedMs / 1000).toFixed(1)} s after the page loaded.`);
  }
  if (input.subject) reasons.push('Filled in the hidden subject field.');
  const links = `${input.name} ${input.comments}`.match(LINK)?.length ?? 0;
  if (links > MAX_LINKS) reasons.push(`Contains ${links} links.`);
  return reasons.length > 0 ? reasons.join(' ') : null;
}

/** Stores a message from the contact form (Contact/InsertUserComment). */
export async function insertContact(
  ctx: ApiContext,
  input: ContactSubmissionInput,
): Promise<{ contactSubmissionId: number }> {
  const { shop } = ctx;
  await consumeLimit(shop.limiters.contact, ctx.clientIp, 'messages');
  const receivedAt = shop.now().getTime();
  const reason = spamReason(input, receivedAt);
  const values = {
    name: input.name,
    subject: input.subject ? input.subject : null,
    email: input.email,
    comments: input.comments,
    loadTime: input.loadTime,
    isSpam: reason !== null,
    spamReason: reason,
    clientIp: ctx.clientIp,
    createdAt: receivedAt,
  };
  const row = shop.database.sqlite
    .transaction(() => {
      const written = shop.db
        .insert(contacts)
        .values(values)
        .returning({ contactId: contacts.contactId })
        .get();
      // A message flagged as spam stays for staff to review; a mailing list or help desk hears of real ones.
      if (reason === null) {
        queueWebhookEvent(shop, 'contact.received', () =>
          toContact({ ...values, contactId: written.contactId }, shop.config.shop.timeZone),
        );
      }
      return written;
    })
    .immediate();
  shop.webhooks.flush();
  if (reason) shop.log.info({ contactId: row.contactId, reason }, 'contact message flagged as spam');
  return { contactSubmissionId: row.contactId };
}
