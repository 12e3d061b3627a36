import { describe, expect, it } from 'vitest';
import {
  EMAIL_ADDRESS_LITERAL,
  EMAIL_SPECIAL_CHARACTERS,
  emailProblem,
  INVALID_EMAIL,
  isEmailAddress,
  mailtoHref,
} from './email.ts';
import { adminOrderUpdateSchema } from './schemas/orders.ts';
import { productStockEmailsInputSchema } from './schemas/settings.ts';
import { contactSubmissionSchema, orderDetailsSchema } from './schemas.ts';

const BCC_SMUGGLER = 'x@y.z?bcc=evil%40attacker.example';

describe('e-mail addresses', () => {
  it('takes ordinary and unusual real addresses', () => {
    for (const address of ['rosa@example.com', 'o.brien+trees@mail.example.co.uk', 'jürgen@bäume.example']) {
      expect(emailProblem(address), address).toBeNull();
    }
  });

  it('refuses what would add headers or recipients to a mail link or header, saying which characters', () => {
    for (const address of [
      BCC_SMUGGLER,
      'x@y.z&cc=evil@attacker.example',
      'a@b.example,evil@attacker.example',
      'Evil <evil@attacker.example>',
      'x@y.example;evil@attacker.example',
      '"quoted"@y.example',
      'x@y.example%0d%0abcc:evil@attacker.example',
      'x @y.example',
    ]) {
      expect(emailProblem(address), address).toBe(EMAIL_SPECIAL_CHARACTERS);
    }
    for (const address of ['name@', 'name@example', '@example.com', 'a@@example.com']) {
      expect(emailProblem(address), address).toBe(INVALID_EMAIL);
    }
    expect(isEmailAddress(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('refuses an address literal or a bare network address after @, and keeps domains with digits', () => {
    for (const address of [
      'a@[127.0.0.1]',
      'a@[10.0.0.1]',
      'a@127.0.0.1',
      'a@[IPv6:2001:db8::1]',
      'a@[IPv6:::1].x',
      'a@host.[127.0.0.1]',
      'a@b.c\\d.example',
    ]) {
      expect(emailProblem(address), address).toBe(EMAIL_ADDRESS_LITERAL);
    }
    for (const address of ['rosa@123nursery.example', 'rosa@mail.365.example', 'rosa@x1.io']) {
      expect(emailProblem(address), address).toBeNull();
    }
  });

  it('is the rule of every form that takes one: order, admin order, contact and the stock list', () => {
    const order = orderDetailsSchema.safeParse({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: BCC_SMUGGLER,
      confirmEmail: BCC_SMUGGLER,
      phoneNumber: '555 201 9876',
      orderProductXrefs: [{ productId: 1, quantity: 1 }],
    });
    expect(order.error?.issues.map((i) => i.message)).toEqual([EMAIL_SPECIAL_CHARACTERS]);
    const adminOrder = adminOrderUpdateSchema.safeParse({
      name: 'Ada Lovelace',
      email: BCC_SMUGGLER,
      phoneNumber: '555 201 9876',
      products: [],
    });
    expect(adminOrder.error?.issues.map((i) => i.message)).toContain(EMAIL_SPECIAL_CHARACTERS);
    const contact = contactSubmissionSchema.safeParse({
      name: 'Ada',
      email: BCC_SMUGGLER,
      comments: 'Hello',
      loadTime: 1,
    });
    expect(contact.success).toBe(false);
    expect(
      productStockEmailsInputSchema.safeParse({ emails: `a@example.com, ${BCC_SMUGGLER}` }).success,
    ).toBe(false);
  });
});

describe('mailtoHref', () => {
  it('encodes the address and the headers, so nothing in them becomes another header', () => {
    expect(mailtoHref('rosa@example.com')).toBe('mailto:rosa@example.com');
    expect(mailtoHref('rosa@example.com', { subject: 'Question about order 12 & more' })).toBe(
      'mailto:rosa@example.com?subject=Question%20about%20order%2012%20%26%20more',
    );
    // An address stored before the rule (or typed by staff) still cannot smuggle a Bcc.
    const href = mailtoHref(BCC_SMUGGLER);
    expect(href).toBe('mailto:x@y.z%3Fbcc%3Devil%2540attacker.example');
    expect(href).not.toContain('?');
  });
});
