/**
 * The texts the spec gives, letter for letter. Browser and server show these exact strings, and
 * tests compare against them, so change one only when the spec changes.
 */

export const ORDER_MESSAGES = {
  firstName: 'You must enter a first name for your order.',
  lastName: 'You must enter a last name for your order.',
  email: 'You must enter an email for your order.',
  confirmEmail: 'You must confirm your email.',
  emailsDoNotMatch: 'Your emails do not match.',
  phone: 'You must enter a valid phone number for your order.',
  products: 'You must add one or more products to your order.',
} as const;

export const CHECKOUT_EMPTY_CART =
  "You'll need to add one or more products to your cart before checking out.";

export const ORDERING_CLOSED_CART_UPDATE =
  'This product was updated in your cart, but online ordering is currently closed due to high demand. You will not be able to place your order until we reopen at a future time. If you have any questions, please contact us.';

export const ORDERING_CLOSED_CHECKOUT =
  'Thank you for your interest, but due to high demand online ordering is currently closed. If you have any questions, please contact us.';

export const ORDERING_CLOSED_TITLE = 'Online Ordering is Closed';

/** The storefront's notice while ordering is closed, so nobody fills a cart expecting to check out. */
export const ORDERING_CLOSED_NOTICE =
  'Orders cannot be placed online until we reopen. You can still add plants to your cart to keep a list for when we do, or call or message us to order.';

export function callForAvailabilityMessage(phone: string): string {
  return `Please give us a call at ${phone} or shoot us a message to check availability for this product. Click here to go to the Contact page.`;
}

export const CONTACT_THANK_YOU =
  'Thank you for your comments, we will read them as soon as possible and respond to any questions within 24 hours.';

export const LOOKUP_BLANK_ORDER_NUMBER = 'You must enter the order number used to place the order.';

/** One text for a wrong id, a wrong phone and a deleted order, so lookups reveal nothing. */
export const ORDER_NOT_FOUND = 'We could not find an order with that number and phone number.';

/** The spec's toast for any 401; the answer's own message says what was wrong with the token. */
export const UNAUTHORIZED = 'Unauthorized';
/** A staff-only call made without any token. */
export const UNAUTHORIZED_NO_TOKEN =
  "Unauthorized: no token was sent. Sign in, or send a staff member's or an integration client's token as Authorization: Bearer <token>.";
/** A token was sent and refused: `reason` says why (malformed, expired, revoked, signed out...). */
export const unauthorizedToken = (reason: string): string =>
  `Unauthorized: ${reason}. Sign in again, or get a new token.`;
export const FORBIDDEN = 'Forbidden: your account is not a staff account.';

// Admin texts.

export function productStatusConfirm(statusName: string): string {
  return `Are you sure you want to set the product status to ${statusName}?`;
}

export const ORDER_DELETE_CONFIRM = 'Are you sure you want to mark the selected order as deleted?';
export const ORDER_RESTORE_CONFIRM = 'Are you sure you want to restore the selected order?';
export const RESET_IMAGE_CONFIRM = 'Are you sure you want to reset this image.';

export function orderingToggleConfirm(open: boolean): string {
  return `Are you sure you want to ${open ? 'open' : 'close'} online ordering?`;
}

export const SAVED_PRODUCT = 'Successfully saved product.';
export const FLAGS_UPDATED = 'Flags updated.';
export const SUCCESSFULLY_UPDATED = 'Successfully updated';
export const SUCCESSFULLY_DELETED = 'Successfully deleted';
export const DELETED_PRODUCT = 'Successfully deleted product.';
export const IMAGE_UPLOADED = 'Image Uploaded...';
export const IMAGE_CROPPED = 'Image Cropped...';
export const IMAGE_RESET = 'Successfully Reset...';

export const STOCK_NO_HISTORY = 'No Changes to history have been recorded.';
export const STOCK_PENDING_HINT = 'Product has pending stock changes.';

export function newStockValueLine(n: number): string {
  return `The new stock value will be ${n}`;
}

// Texts the spec leaves to us (DECISIONS.md).

export function onlyNLeft(n: number, name: string): string {
  return `Only ${n} of ${name} are left.`;
}

export function productNotOrderable(name: string): string {
  return `${name} cannot be ordered online right now.`;
}

export const ORDER_STALE =
  'This order was changed by someone else since you opened it. Reload it to see their changes, then make yours again.';

export const PRODUCT_STALE =
  'This product was changed by someone else since you opened it. Reload it to see their changes, then make yours again.';
