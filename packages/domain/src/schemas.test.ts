import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from './email.ts';
import { LOOKUP_BLANK_ORDER_NUMBER, ORDER_MESSAGES, ORDER_NOT_FOUND } from './messages.ts';
import { productInputSchema } from './schemas/catalog.ts';
import { adminOrderUpdateSchema } from './schemas/orders.ts';
import { productStockEmailsInputSchema, saveMessageInputSchema } from './schemas/settings.ts';
import {
  contactSubmissionSchema,
  orderDetailsSchema,
  orderLineInputSchema,
  orderLookupSchema,
  productsToShowSchema,
} from './schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

const good = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ADA@example.com ',
  phoneNumber: '555-0100',
  orderProductXrefs: [{ productId: 1, quantity: 2 }],
};

describe('orderLineInputSchema', () => {
  it('accepts 1..100000', () => {
    expect(orderLineInputSchema.safeParse({ productId: 1, quantity: 1 }).success).toBe(true);
    expect(orderLineInputSchema.safeParse({ productId: 1, quantity: 100000 }).success).toBe(true);
  });
  it('refuses 0, 100001, fractions and bad ids', () => {
    expect(messages(orderLineInputSchema.safeParse({ productId: 1, quantity: 0 }))).toEqual([
      'Each product on an order needs a quantity of at least 1.',
    ]);
    expect(messages(orderLineInputSchema.safeParse({ productId: 1, quantity: 100001 }))).toEqual([
      'You can order at most 100000 of one product.',
    ]);
    expect(orderLineInputSchema.safeParse({ productId: 1, quantity: 1.5 }).success).toBe(false);
    expect(orderLineInputSchema.safeParse({ productId: 0, quantity: 1 }).success).toBe(false);
  });
});

describe('orderDetailsSchema', () => {
  it('trims and fills optional fields', () => {
    const r = orderDetailsSchema.parse(good);
    expect(r.firstName).toBe('Ada');
    expect(r.confirmEmail).toBe('ADA@example.com');
    expect(r.workPhoneNumber).toBeNull();
    expect(r.comments).toBeNull();
  });
  it('gives the seven spec messages', () => {
    expect(messages(orderDetailsSchema.safeParse({}))).toEqual([
      ORDER_MESSAGES.firstName,
      ORDER_MESSAGES.lastName,
      ORDER_MESSAGES.email,
      ORDER_MESSAGES.confirmEmail,
      ORDER_MESSAGES.phone,
      ORDER_MESSAGES.products,
    ]);
    expect(messages(orderDetailsSchema.safeParse({ ...good, confirmEmail: 'x@example.com' }))).toEqual([
      ORDER_MESSAGES.emailsDoNotMatch,
    ]);
    expect(messages(orderDetailsSchema.safeParse({ ...good, firstName: null, comments: null }))).toEqual([
      ORDER_MESSAGES.firstName,
    ]);
  });
  it('puts each message on its field, even beside other failures', () => {
    const r = orderDetailsSchema.safeParse({ comments: 'x'.repeat(4001), confirmEmail: 'a@b.c' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['comments', 'Comments can be at most 4000 characters.'],
      ['firstName', ORDER_MESSAGES.firstName],
      ['lastName', ORDER_MESSAGES.lastName],
      ['email', ORDER_MESSAGES.email],
      ['phoneNumber', ORDER_MESSAGES.phone],
      ['orderProductXrefs', ORDER_MESSAGES.products],
    ]);
  });
  it('refuses an email that cannot be delivered', () => {
    expect(messages(orderDetailsSchema.safeParse({ ...good, email: 'ada@', confirmEmail: 'ada@' }))).toEqual([
      INVALID_EMAIL,
    ]);
  });
  it('limits lengths and line counts', () => {
    expect(messages(orderDetailsSchema.safeParse({ ...good, comments: 'x'.repeat(4001) }))).toContain(
      'Comments can be at most 4000 characters.',
    );
    const lines = Array.from({ length: 501 }, (_, i) => ({ productId: i + 1, quantity: 1 }));
    expect(messages(orderDetailsSchema.safeParse({ ...good, orderProductXrefs: lines }))).toContain(
      'An order can have at most 500 different products.',
    );
  });
});

describe('orderLookupSchema', () => {
  it('coerces the order number', () => {
    expect(orderLookupSchema.parse({ orderId: ' 42 ', phoneNumber: '555' })).toEqual({
      orderId: 42,
      phoneNumber: '555',
    });
  });
  it("reads the number as the shop writes it, with its '#' ('Order #493')", () => {
    for (const typed of ['#493', ' # 493 ']) {
      expect(orderLookupSchema.parse({ orderId: typed, phoneNumber: '555' })).toEqual({
        orderId: 493,
        phoneNumber: '555',
      });
    }
    expect(messages(orderLookupSchema.safeParse({ orderId: '#' }))).toEqual([LOOKUP_BLANK_ORDER_NUMBER]);
    expect(messages(orderLookupSchema.safeParse({ orderId: '##493' }))).toEqual([
      'The order number must be a number.',
    ]);
  });
  it('names a blank order number with the spec text', () => {
    expect(messages(orderLookupSchema.safeParse({ orderId: '' }))).toEqual([LOOKUP_BLANK_ORDER_NUMBER]);
    expect(messages(orderLookupSchema.safeParse({}))).toEqual([LOOKUP_BLANK_ORDER_NUMBER]);
    expect(messages(orderLookupSchema.safeParse({ orderId: 'abc' }))).toEqual([
      'The order number must be a number.',
    ]);
    expect(orderLookupSchema.safeParse({ orderId: '0' }).success).toBe(false);
  });
  it('reads the order number as decimal only, so a hex or exponent typo finds no other order', () => {
    for (const typed of ['0x1ed', '4.93e2', '1e2', '0b11', 'Infinity']) {
      expect(messages(orderLookupSchema.safeParse({ orderId: typed }))).toEqual([
        'The order number must be a number.',
      ]);
    }
    expect(messages(orderLookupSchema.safeParse({ orderId: '-3' }))).toEqual([
      'The order number must be a positive number.',
    ]);
  });
  it('says a 20-digit order number finds no order, not that it is not a whole number', () => {
    // It was told "The order number must be a whole number.", which it is.
    for (const typed of [
      '12345678901234567890',
      '#12345678901234567890',
      Number('12345678901234567890'),
      2 ** 53,
    ]) {
      expect(
        messages(orderLookupSchema.safeParse({ orderId: typed, phoneNumber: '555' })),
        `${typed}`,
      ).toEqual([ORDER_NOT_FOUND]);
    }
    expect(orderLookupSchema.parse({ orderId: String(2 ** 53 - 1) }).orderId).toBe(2 ** 53 - 1);
  });
  it('asks for one phone number when the query repeats it', () => {
    expect(messages(orderLookupSchema.safeParse({ orderId: '4', phoneNumber: ['555', '666'] }))).toEqual([
      'Send one phone number, as text.',
    ]);
  });
});

describe('productsToShowSchema', () => {
  it('reads ignoreCache from strings or booleans', () => {
    expect(productsToShowSchema.parse({ ignoreCache: 'true' })).toEqual({ ignoreCache: true });
    expect(productsToShowSchema.parse({ ignoreCache: 'false' })).toEqual({ ignoreCache: false });
    expect(productsToShowSchema.parse({ ignoreCache: true })).toEqual({ ignoreCache: true });
    expect(productsToShowSchema.parse({})).toEqual({});
    expect(productsToShowSchema.safeParse({ ignoreCache: 'yes' }).success).toBe(false);
  });
});

describe('contactSubmissionSchema', () => {
  const contact = { name: 'Ada', email: ' ada@example.com ', comments: 'Hello', loadTime: 1700000000000 };
  it('accepts a submission and coerces loadTime', () => {
    expect(contactSubmissionSchema.parse(contact)).toEqual({ ...contact, email: 'ada@example.com' });
    expect(contactSubmissionSchema.parse({ ...contact, loadTime: '2023-11-14T22:13:20.000Z' }).loadTime).toBe(
      1700000000000,
    );
    expect(contactSubmissionSchema.parse({ ...contact, loadTime: '1700000000000' }).loadTime).toBe(
      1700000000000,
    );
  });
  it('explains what is wrong', () => {
    expect(messages(contactSubmissionSchema.safeParse({ ...contact, name: ' ' }))).toEqual([
      'Please enter your name.',
    ]);
    expect(messages(contactSubmissionSchema.safeParse({ ...contact, email: 'nope' }))).toEqual([
      INVALID_EMAIL,
    ]);
    expect(messages(contactSubmissionSchema.safeParse({ ...contact, comments: '' }))).toEqual([
      'Please enter your comments.',
    ]);
    expect(messages(contactSubmissionSchema.safeParse({ ...contact, loadTime: 'soon' }))).toEqual([
      'loadTime must be a time.',
    ]);
    expect(contactSubmissionSchema.safeParse({ ...contact, subject: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('text typed or pasted with control characters', () => {
  it('keeps names and phones on one line and comments free of NUL, so e-mail subjects and sheets stay whole', () => {
    const parsed = orderDetailsSchema.parse({
      firstName: 'Ann\r\nBcc: someone@example.com',
      lastName: 'Lee\u0000',
      email: 'ann@example.com',
      confirmEmail: 'ann@example.com',
      phoneNumber: '555\t123 4567',
      comments: 'First line\r\nSecond\u0000 line',
      orderProductXrefs: [{ productId: 1, quantity: 1 }],
    });
    expect(parsed.firstName).toBe('Ann Bcc: someone@example.com');
    expect(parsed.lastName).toBe('Lee');
    expect(parsed.phoneNumber).toBe('555 123 4567');
    expect(parsed.comments).toBe('First line\nSecond line');
    const contact = contactSubmissionSchema.parse({
      name: 'Robin\nMarsh',
      email: 'robin@example.com',
      comments: 'a\r\nb\u0007',
      loadTime: new Date().toISOString(),
    });
    expect(contact).toMatchObject({ name: 'Robin Marsh', comments: 'a\nb' });
  });
});

describe('an order line whose id or quantity is there but not a number', () => {
  it('says what a quantity or id must look like instead of calling it missing', () => {
    const line = (v: unknown) => messages(orderLineInputSchema.safeParse(v));
    expect(line({ productId: 48, quantity: '3' })).toEqual([
      'Quantities are whole numbers from 1 to 100000, written as numbers (3, not "3").',
    ]);
    expect(line({ productId: 48, quantity: Number.POSITIVE_INFINITY })).toEqual([
      'Quantities are whole numbers from 1 to 100000, written as numbers (3, not "3").',
    ]);
    expect(line({ productId: 48 })).toEqual(['Each product on an order needs a quantity.']);
    expect(line({ productId: '48', quantity: 1 })).toEqual([
      'A product id is a positive whole number, like 48.',
    ]);
    expect(line({ quantity: 1 })).toEqual(['Each product on an order needs a product id.']);
  });
});

describe('a body of the wrong shape', () => {
  it('says what shape to send instead of "expected object, received array"', () => {
    expect(messages(orderDetailsSchema.safeParse([1, 2]))).toEqual([
      'Send the order as a JSON object with firstName, lastName, email, confirmEmail, phoneNumber and orderProductXrefs.',
    ]);
    expect(messages(orderLineInputSchema.safeParse(5))).toEqual([
      'Each order line is an object like {"productId": 48, "quantity": 3}.',
    ]);
    expect(messages(contactSubmissionSchema.safeParse('hello'))).toEqual([
      'Send the message as a JSON object with name, email, comments and loadTime.',
    ]);
  });
});

describe('bidi controls', () => {
  // U+202E (right-to-left override) and U+2066..U+2069 (isolates) reorder what follows them on screen.
  const RLO = '\u202e';
  const BIDI = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';

  it('are dropped from the checkout and contact fields, single- and multi-line', async () => {
    const order = orderDetailsSchema.parse({
      ...good,
      firstName: `Ada${RLO}txt.exe`,
      lastName: `Love${BIDI}lace`,
      email: `ada${RLO}@example.com`,
      confirmEmail: 'ada@example.com',
      phoneNumber: `555${BIDI}-0100`,
      workPhoneNumber: `${RLO}555-0199`,
      comments: `Pick up${RLO} Saturday\nthanks`,
    });
    expect(order).toMatchObject({
      firstName: 'Adatxt.exe',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '555-0100',
      workPhoneNumber: '555-0199',
      comments: 'Pick up Saturday\nthanks',
    });
    const contact = contactSubmissionSchema.parse({
      name: `Ada${BIDI}`,
      email: `${RLO}ada@example.com`,
      comments: `Hello${RLO}\nthere`,
      loadTime: 1,
    });
    expect(contact).toMatchObject({ name: 'Ada', email: 'ada@example.com', comments: 'Hello\nthere' });
  });

  it('are dropped from the back office: order, product, saved message name and stock e-mails', () => {
    const order = adminOrderUpdateSchema.parse({
      name: `Walt${RLO} Phonecall`,
      email: `walt${BIDI}@example.com`,
      phoneNumber: `(555)${RLO} 444-1212`,
      comments: `Called${RLO} Tuesday\nback in April`,
      products: [{ productId: 1, quantity: 1, isStatic: false }],
    });
    expect(order).toMatchObject({
      name: 'Walt Phonecall',
      email: 'walt@example.com',
      phoneNumber: '(555) 444-1212',
      comments: 'Called Tuesday\nback in April',
    });
    const product = productInputSchema.parse({
      name: `Bur${RLO} Oak`,
      species: `Quercus${BIDI} macrocarpa`,
      description: `Tall${RLO}\nand wide`,
    });
    expect(product).toMatchObject({
      name: 'Bur Oak',
      species: 'Quercus macrocarpa',
      description: 'Tall\nand wide',
    });
    expect(saveMessageInputSchema.parse({ name: `Spring${RLO} sale`, html: '<b>x</b>' }).name).toBe(
      'Spring sale',
    );
    expect(productStockEmailsInputSchema.parse({ emails: `grower${RLO}@example.com` }).emails).toBe(
      'grower@example.com',
    );
  });
});
