import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_EMAIL_KINDS,
  DEFAULT_CUSTOMER_EMAILS,
  placeholdersIn,
  renderCustomerEmail,
  unknownPlaceholders,
} from './customerEmails.ts';
import { customerEmailTemplateInputSchema } from './schemas/customerEmails.ts';

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

  it('renders a text the same every time it is used, whatever the values (the split text is kept)', () => {
    const text =
      '{shopName}\n\nDear {firstName} {unknown},\n{lines}\n  {pickupDay}  \n{ c } {1x} {}{total}{tax}\n{pickupDay}';
    // What rendering did before the split text was kept: a regular expression over each line, every time.
    const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;
    const reference = (values: Record<string, string>) =>
      text
        .split('\n')
        .filter((line) => {
          const names = placeholdersIn(line);
          return !(names.length > 0 && names.every((name) => (values[name] ?? '') === ''));
        })
        .map((line) => line.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole))
        .join('\n');
    const cases: Record<string, string>[] = [
      {
        shopName: 'Nursery',
        firstName: 'Robin',
        lines: '  1 x Oak\n  2 x Pine',
        pickupDay: '',
        total: '$5',
        tax: '',
      },
      { shopName: '', firstName: '', lines: '', pickupDay: 'Saturday', total: '', tax: '$0.40' },
      { shopName: '$1 {total}', firstName: '$&', total: '$$', tax: '{tax}' },
      {},
    ];
    for (const values of [...cases, ...cases])
      expect(renderCustomerEmail(text, values)).toBe(reference(values));
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
