/**
 * The e-mails the shop sends its customers (the owner's notices are fixed texts in packages/api). Each text is
 * editable in Settings with {placeholders}; the browser's preview and the server's e-mail are rendered by the
 * same `renderCustomerEmail`, so what staff preview is what the customer gets.
 */
export const CUSTOMER_EMAIL_KINDS = ['receipt', 'order-changed', 'pickup-reminder', 'back-in-stock'] as const;
export type CustomerEmailKind = (typeof CUSTOMER_EMAIL_KINDS)[number];

export const CUSTOMER_EMAIL_LABELS: Record<CustomerEmailKind, string> = {
  receipt: 'Order receipt',
  'order-changed': 'Order changed by staff',
  'pickup-reminder': 'Pick-up reminder (the day before)',
  'back-in-stock': 'Back in stock (waitlist)',
};

/** What each placeholder of an order e-mail stands for, as the Settings screen explains it. */
const ORDER_PLACEHOLDERS = {
  orderNumber: 'the order number',
  name: "the customer's full name",
  firstName: "the customer's first name",
  phoneNumber: 'the phone number on the order (needed to look it up)',
  lines: 'one line per product: quantity, name, size, unit price and line total',
  subtotal: 'the subtotal before tax',
  tax: 'the tax',
  total: 'the total',
  pickupDay: 'the chosen pick-up day with its note, if the day has one (empty when the order has none)',
  lookupUrl: "the address of the order's page",
  shopName: "the shop's name",
  shopPhone: "the shop's phone number",
} as const;

const WAITLIST_PLACEHOLDERS = {
  productName: 'the product with its size',
  quantity: 'how many the customer asked about',
  productUrl: "the address of the product's page on the shop",
  email: 'the address the customer left',
  shopName: "the shop's name",
  shopPhone: "the shop's phone number",
} as const;

export const CUSTOMER_EMAIL_PLACEHOLDERS: Record<CustomerEmailKind, Readonly<Record<string, string>>> = {
  receipt: ORDER_PLACEHOLDERS,
  'order-changed': ORDER_PLACEHOLDERS,
  'pickup-reminder': ORDER_PLACEHOLDERS,
  'back-in-stock': WAITLIST_PLACEHOLDERS,
};

export interface CustomerEmailText {
  subject: string;
  body: string;
}

const LOOKUP = [
  'You can look at your order any time at {lookupUrl}',
  'by typing the phone number on the order ({phoneNumber}).',
];

/** The order as it stands, told the same way in the receipt and the change notice. */
const ORDER_SUMMARY = [
  '{lines}',
  '',
  'Subtotal: {subtotal}',
  'Tax: {tax}',
  'Total: {total}',
  '',
  'Pick-up day: {pickupDay}',
  '',
  ...LOOKUP,
  '',
];

export const DEFAULT_CUSTOMER_EMAILS: Record<CustomerEmailKind, CustomerEmailText> = {
  receipt: {
    subject: 'Your order {orderNumber} at {shopName}',
    body: [
      'Hello {firstName},',
      '',
      'Thank you for your order. Your order number is {orderNumber}.',
      '',
      ...ORDER_SUMMARY,
      'Questions? Call us at {shopPhone}.',
      '{shopName}',
    ].join('\n'),
  },
  'order-changed': {
    subject: 'Your order {orderNumber} at {shopName} was changed',
    body: [
      'Hello {firstName},',
      '',
      'We changed your order {orderNumber}. This is how it stands now:',
      '',
      ...ORDER_SUMMARY,
      'If you did not expect this change, please call us at {shopPhone}.',
      '{shopName}',
    ].join('\n'),
  },
  'pickup-reminder': {
    subject: 'Pick-up tomorrow: your order {orderNumber} at {shopName}',
    body: [
      'Hello {firstName},',
      '',
      'A reminder that your order {orderNumber} is ready to pick up tomorrow, {pickupDay}.',
      '',
      '{lines}',
      '',
      'Total: {total}',
      '',
      ...LOOKUP,
      '',
      'If you cannot come, please call us at {shopPhone}.',
      '{shopName}',
    ].join('\n'),
  },
  'back-in-stock': {
    subject: '{productName} is back at {shopName}',
    body: [
      'Hello,',
      '',
      'You asked us to tell you when {productName} is back. It can be ordered online again:',
      '{productUrl}',
      '',
      'You asked about {quantity}. We do not hold plants for the waitlist, so order soon.',
      'This is the only e-mail you get about it; join the waitlist again to hear next time.',
      '',
      '{shopName}, {shopPhone}',
    ].join('\n'),
  },
};

/** Example values the Settings preview fills in, so staff see a whole e-mail before a customer does. */
export const SAMPLE_PLACEHOLDER_VALUES: Record<string, string> = {
  orderNumber: '1234',
  name: 'Robin Meadows',
  firstName: 'Robin',
  phoneNumber: '(555) 310-4477',
  lines: [
    '  3 x Swamp White Oak (3 ft) at $12.50 each = $37.50',
    '  25 x Wild Bergamot (plug) at $2.00 each = $50.00',
  ].join('\n'),
  subtotal: '$87.50',
  tax: '$4.81',
  total: '$92.31',
  pickupDay: 'Saturday, April 18, 2026, 9:00 AM - 3:00 PM',
  lookupUrl: 'https://shop.example/Order/1234',
  productName: 'Swamp White Oak - 3 ft',
  quantity: '3',
  productUrl: 'https://shop.example/Products/12/swamp-white-oak',
  email: 'robin@example.com',
  shopName: 'The Nursery',
  shopPhone: '(555) 555-0100',
};

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholder names a text uses, each once, in the order they first appear. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/** Placeholders in the text that this kind of e-mail does not know (a misspelling would reach the customer). */
export function unknownPlaceholders(kind: CustomerEmailKind, text: string): string[] {
  const known = CUSTOMER_EMAIL_PLACEHOLDERS[kind];
  return placeholdersIn(text).filter((name) => !Object.hasOwn(known, name));
}

/**
 * Fills in the placeholders. A line whose placeholders are all empty is left out whole, so "Pick-up day:
 * {pickupDay}" disappears from an order without a pick-up day instead of dangling. Plain text: nothing is
 * escaped, and nothing a value holds is read as a placeholder again.
 */
export function renderCustomerEmail(template: string, values: Readonly<Record<string, string>>): string {
  const kept: string[] = [];
  for (const line of compiledTemplate(template)) {
    if (line.names.length > 0 && line.names.every((name) => (values[name] ?? '') === '')) continue;
    // Text and placeholders alternate, text first: [text, name, text, name, ..., text].
    let text = line.parts[0] as string;
    for (let i = 1; i < line.parts.length; i += 2) {
      const name = line.parts[i] as string;
      text += (values[name] ?? `{${name}}`) + (line.parts[i + 1] as string);
    }
    kept.push(text);
  }
  return kept.join('\n');
}

interface TemplateLine {
  names: string[];
  parts: string[];
}

/**
 * A text split into lines and placeholders once, not at every e-mail: every order renders its receipt's
 * subject and body, and splitting them (a regular expression per line) was a twentieth of a submit. The texts
 * are the shop's own and the few staff saved, so the cache stays small; it is emptied if it ever is not.
 */
const compiled = new Map<string, TemplateLine[]>();
const MAX_COMPILED = 100;

function compiledTemplate(template: string): TemplateLine[] {
  let lines = compiled.get(template);
  if (!lines) {
    lines = template.split('\n').map((line) => ({
      names: placeholdersIn(line),
      // split with a capturing group alternates text and the captured name.
      parts: line.split(PLACEHOLDER),
    }));
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(template, lines);
  }
  return lines;
}

export const CUSTOMER_EMAIL_SUBJECT_MAX_LENGTH = 200;
export const CUSTOMER_EMAIL_BODY_MAX_LENGTH = 10_000;

/** "Unknown placeholder {pickupdate} in the body. This e-mail knows {orderNumber}, ..." */
export function unknownPlaceholdersMessage(
  kind: CustomerEmailKind,
  field: string,
  unknown: string[],
): string {
  const list = unknown.map((n) => `{${n}}`).join(', ');
  const known = Object.keys(CUSTOMER_EMAIL_PLACEHOLDERS[kind])
    .map((n) => `{${n}}`)
    .join(', ');
  return `Unknown placeholder${unknown.length === 1 ? '' : 's'} ${list} in the ${field}. The ${CUSTOMER_EMAIL_LABELS[kind].toLowerCase()} knows ${known}.`;
}
