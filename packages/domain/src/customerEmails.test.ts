import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_EMAIL_KINDS,
  customerEmailTemplateInputSchema,
  DEFAULT_CUSTOMER_EMAILS,
  placeholdersIn,
  renderCustomerEmail,
  unknownPlaceholders,
} from './customerEmails.ts';

describe('customer e-mail texts', () => {
  it('fills placeholders and leaves out a line whose placeholders are all empty', () => {
    const text = 'Hello {firstName},\nPick-up day: {pickupDay}\nTotal: {total}\n{pickupDay} or {total}';
    expect(renderCustomerEmail(text, { firstName: 'Robin', pickupDay: '', total: '$5.00' })).toBe(
      'Hello Robin,\nTotal: $5.00\n or $5.00',
    );
  });

  it('never reads a value as a placeholder again', () => {
    expect(renderCustomerEmail('{name}: {total}', { name: '{total}', total: '$1.00' })).toBe(
      '{total}: $1.00',
    );
  });

  it("knows each kind's placeholders and names the unknown ones", () => {
    expect(placeholdersIn('{a} {b} {a} { c } {1x}')).toEqual(['a', 'b']);
    expect(unknownPlaceholders('receipt', 'On {pickupDay} at {pickupdate} for {productName}')).toEqual([
      'pickupdate',
      'productName',
    ]);
    expect(unknownPlaceholders('back-in-stock', '{productName} for {orderNumber}')).toEqual(['orderNumber']);
  });

  it("the shop's own texts use only placeholders their e-mail knows", () => {
    for (const kind of CUSTOMER_EMAIL_KINDS) {
      const own = DEFAULT_CUSTOMER_EMAILS[kind];
      expect(customerEmailTemplateInputSchema.safeParse({ kind, ...own }).success, kind).toBe(true);
    }
  });

  it('refuses an unknown placeholder with a message naming it and the field', () => {
    const parsed = customerEmailTemplateInputSchema.safeParse({
      kind: 'pickup-reminder',
      subject: 'Order {ordernumber}',
      body: 'See you {pickupDay}',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message.split('. ')[0]])).toEqual([
      ['subject', 'Unknown placeholder {ordernumber} in the subject'],
    ]);
  });
});
