/**
 * The one check of an e-mail address a person typed, for the order forms (storefront and admin), the contact
 * form and the stock e-mail list. Loose on purpose: the spec asks only for a non-empty email, and a strict
 * grammar would refuse unusual but real addresses; it catches typos such as "name@" or a missing dot. It also
 * refuses what would make the address more than one mailbox where it is used: `?`, `&` or `%` turn a
 * `mailto:` link into one with extra headers (`x@y.z?bcc=evil%40attacker.example` became a Bcc in the
 * admin's mail link), and commas, semicolons, angle brackets and quotes make a list or a display name in a
 * mail header. The part after @ must be a domain name: an address literal (`a@[127.0.0.1]`, `a@[IPv6:::1]`) or
 * a bare address (`a@127.0.0.1`) would have the shop's mail server connect to whatever machine it names, the
 * shop's own included, and no customer has one.
 */
export const INVALID_EMAIL = 'Please enter a valid email address, like name@example.com.';
export const EMAIL_SPECIAL_CHARACTERS =
  'An email address cannot contain ? & % , ; < > " or spaces. Please enter just the address, like name@example.com.';

export const EMAIL_ADDRESS_LITERAL =
  'An email address must end in a domain name, like name@example.com, not a network address.';

const NOT_IN_AN_ADDRESS = /[\s?&%,;<>"]/;
const EMAIL_SHAPE = /^[^@]+@[^@]+\.[^@.]+$/;
/** Brackets, a colon or a backslash after @ (an address literal), or a last label of digits only (no top-level domain is). */
const ADDRESS_LITERAL = /@(?:.*[[\]:\\]|.*\.\d+\]?$)/;
export const EMAIL_MAX_LENGTH = 254;

/** Why the text is not an e-mail address the shop accepts, or null when it is one. */
export function emailProblem(text: string): string | null {
  if (NOT_IN_AN_ADDRESS.test(text)) return EMAIL_SPECIAL_CHARACTERS;
  if (ADDRESS_LITERAL.test(text)) return EMAIL_ADDRESS_LITERAL;
  if (!EMAIL_SHAPE.test(text) || text.length > EMAIL_MAX_LENGTH) return INVALID_EMAIL;
  return null;
}

export function isEmailAddress(text: string): boolean {
  return emailProblem(text) === null;
}

/** A `mailto:` link to one address, the address encoded so nothing in it can add headers or recipients. */
export function mailtoHref(address: string, headers: Record<string, string> = {}): string {
  const query = Object.entries(headers)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}${query ? `?${query}` : ''}`;
}
