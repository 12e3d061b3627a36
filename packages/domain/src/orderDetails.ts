import { emailProblem } from './email.ts';
import { CHECKOUT_EMPTY_CART, ORDER_MESSAGES, ORDERING_CLOSED_CHECKOUT } from './messages.ts';

export interface OrderDetailsFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  confirmEmail?: string | null;
  phoneNumber?: string | null;
  orderProductXrefs?: readonly { productId: number; quantity: number }[] | null;
}

/** A text field's length message, as every form's schema words it. */
export const tooLongText = (field: string, max: number): string =>
  `${field} can be at most ${max} characters.`;

/**
 * The longest each order details field may be, with the label its message names: the order's schema refuses
 * longer text at Submit, and the checkout's details step checks the same limits, so a 5,000-character comment
 * is put right on that step rather than refused once the customer has moved on.
 */
export const ORDER_DETAILS_LIMITS = {
  firstName: { label: 'First name', max: 100 },
  lastName: { label: 'Last name', max: 100 },
  email: { label: 'Email', max: 254 },
  confirmEmail: { label: 'Confirm email', max: 254 },
  phoneNumber: { label: 'Phone number', max: 40 },
  workPhoneNumber: { label: 'Work phone number', max: 40 },
  comments: { label: 'Comments', max: 4000 },
} as const;
export type OrderDetailsTextField = keyof typeof ORDER_DETAILS_LIMITS;

/** The details typed longer than the schema allows (measured trimmed and with \r\n as one break, as it does). */
export function orderDetailsLengthProblems(
  input: Partial<Record<OrderDetailsTextField, string | null>>,
): { message: string; field: OrderDetailsTextField }[] {
  return (Object.keys(ORDER_DETAILS_LIMITS) as OrderDetailsTextField[]).flatMap((field) => {
    const { label, max } = ORDER_DETAILS_LIMITS[field];
    const length = (input[field] ?? '').replace(/\r\n?/g, '\n').trim().length;
    return length > max ? [{ message: tooLongText(label, max), field }] : [];
  });
}

export const QUANTITY_MAX = 100000;
/** What a customer is told about a quantity above the maximum: by the order's schema and by the cart's field. */
export const QUANTITY_TOO_LARGE = `You can order at most ${QUANTITY_MAX} of one product.`;

const clean = (s: string | null | undefined): string => (s ?? '').trim();

/** The field of the order details form a message is about, so a form can mark it. */
export type OrderDetailsField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'confirmEmail'
  | 'phoneNumber'
  | 'orderProductXrefs';

/**
 * All failing messages together, in the spec's order, each with the field it is about, because the spec
 * shows them in one notification. The server's schema and the checkout's details step run the same function,
 * so an address the server refuses is refused on the details step already, never only at Submit.
 */
export function orderDetailsProblems(
  input: OrderDetailsFields,
): { message: string; field: OrderDetailsField }[] {
  const problems: { message: string; field: OrderDetailsField }[] = [];
  const add = (message: string, field: OrderDetailsField) => problems.push({ message, field });
  const email = clean(input.email);
  const confirmEmail = clean(input.confirmEmail);
  if (!clean(input.firstName)) add(ORDER_MESSAGES.firstName, 'firstName');
  if (!clean(input.lastName)) add(ORDER_MESSAGES.lastName, 'lastName');
  if (!email) add(ORDER_MESSAGES.email, 'email');
  else {
    const problem = emailProblem(email);
    if (problem) add(problem, 'email');
  }
  if (!confirmEmail) add(ORDER_MESSAGES.confirmEmail, 'confirmEmail');
  // Only a mismatch of two given emails is worth saying; a missing one already has its message. Letter case
  // is ignored (docs/decisions.md): a phone's keyboard capitalises the start of one field and not the other,
  // and mail systems deliver both spellings to the same mailbox in practice.
  if (email && confirmEmail && email.toLowerCase() !== confirmEmail.toLowerCase()) {
    add(ORDER_MESSAGES.emailsDoNotMatch, 'confirmEmail');
  }
  if (!clean(input.phoneNumber)) add(ORDER_MESSAGES.phone, 'phoneNumber');
  const lines = input.orderProductXrefs ?? [];
  if (!lines.some((l) => typeof l.quantity === 'number' && l.quantity > 0)) {
    add(ORDER_MESSAGES.products, 'orderProductXrefs');
  }
  return problems;
}

/** The messages alone, for one notification. */
export function validateOrderDetails(input: OrderDetailsFields): string[] {
  return orderDetailsProblems(input).map((p) => p.message);
}

/** Why checkout cannot start, or null when it can. */
export function checkoutGate(state: { totalQuantity: number; ordersAreClosed: boolean }): string | null {
  if (!(state.totalQuantity > 0)) return CHECKOUT_EMPTY_CART;
  if (state.ordersAreClosed) return ORDERING_CLOSED_CHECKOUT;
  return null;
}

/** Lookups compare phone numbers on digits only, so '(555) 123-4567' matches '555.123.4567'. */
export function phoneDigits(s: string | null | undefined): string {
  return (s ?? '').replace(/\D/g, '');
}

/**
 * Whether a typed phone opens an order placed with `orderPhone` (its digits as stored, and its text). Digits
 * decide when the order's phone has any ('(555) 123-4567' matches '555.123.4567'). Checkout only asks for a
 * non-empty phone, so an order placed with 'call me' has no digits: its customer must still find it, by typing
 * the same words (case and spacing aside). The server's lookup and the order copy kept on a phone both ask it.
 */
export function phoneOpensOrder(
  orderPhone: { phoneNumber: string; phoneDigits: string },
  typed: string,
): boolean {
  if (orderPhone.phoneDigits) {
    return withoutCountryCode(orderPhone.phoneDigits) === withoutCountryCode(phoneDigits(typed));
  }
  return (
    phoneWords(orderPhone.phoneNumber) !== '' && phoneWords(orderPhone.phoneNumber) === phoneWords(typed)
  );
}

/**
 * The shop is North American: '+1 555 123 4567' and '1-555-123-4567' are the same phone as
 * '(555) 123-4567', whichever of them the order was placed with. The other ten digits must still match.
 */
function withoutCountryCode(digits: string): string {
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

function phoneWords(phone: string): string {
  return phone.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function isValidCartQuantity(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= QUANTITY_MAX;
}

export function isValidOrderLineQuantity(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= QUANTITY_MAX;
}

/**
 * The spec ignores a typed value that is not a number, above the maximum or negative: the cart
 * keeps its current quantity rather than showing an error. Fractions count as not a number, since
 * plants are sold whole.
 */
export function parseTypedCartQuantity(text: string, current: number): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return current;
  const n = Number(trimmed);
  return n <= QUANTITY_MAX ? n : current;
}

/**
 * Why a typed quantity was ignored, when the customer should be told: a number above the maximum is ignored
 * as the spec says, but not silently, since digit by digit it leaves the cart at a tenth of what was typed.
 * Anything else the spec ignores (a letter, a minus sign) needs no words: the field is numeric.
 */
export function typedCartQuantityProblem(text: string): string | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) > QUANTITY_MAX ? QUANTITY_TOO_LARGE : null;
}
