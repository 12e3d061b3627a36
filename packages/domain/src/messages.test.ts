import { describe, expect, it } from 'vitest';
import * as m from './messages.ts';

describe('spec texts', () => {
  it('match the spec letter for letter', () => {
    expect(m.ORDERING_CLOSED_CART_UPDATE).toBe(
      'This product was updated in your cart, but online ordering is currently closed due to high demand. You will not be able to place your order until we reopen at a future time. If you have any questions, please contact us.',
    );
    expect(m.ORDERING_CLOSED_CHECKOUT).toBe(
      'Thank you for your interest, but due to high demand online ordering is currently closed. If you have any questions, please contact us.',
    );
    expect(m.CHECKOUT_EMPTY_CART).toBe(
      "You'll need to add one or more products to your cart before checking out.",
    );
    expect(m.ORDERING_CLOSED_TITLE).toBe('Online Ordering is Closed');
    expect(m.callForAvailabilityMessage('(555) 010-0100')).toBe(
      'Please give us a call at (555) 010-0100 or shoot us a message to check availability for this product. Click here to go to the Contact page.',
    );
    expect(m.CONTACT_THANK_YOU).toBe(
      'Thank you for your comments, we will read them as soon as possible and respond to any questions within 24 hours.',
    );
    expect(m.LOOKUP_BLANK_ORDER_NUMBER).toBe('You must enter the order number used to place the order.');
    expect(m.UNAUTHORIZED).toBe('Unauthorized');
  });
  it('admin texts', () => {
    expect(m.productStatusConfirm('Sold Out')).toBe(
      'Are you sure you want to set the product status to Sold Out?',
    );
    expect(m.ORDER_DELETE_CONFIRM).toBe('Are you sure you want to mark the selected order as deleted?');
    expect(m.ORDER_RESTORE_CONFIRM).toBe('Are you sure you want to restore the selected order?');
    expect(m.RESET_IMAGE_CONFIRM).toBe('Are you sure you want to reset this image.');
    expect(m.orderingToggleConfirm(true)).toBe('Are you sure you want to open online ordering?');
    expect(m.orderingToggleConfirm(false)).toBe('Are you sure you want to close online ordering?');
    expect([
      m.SAVED_PRODUCT,
      m.FLAGS_UPDATED,
      m.SUCCESSFULLY_UPDATED,
      m.SUCCESSFULLY_DELETED,
      m.DELETED_PRODUCT,
      m.IMAGE_UPLOADED,
      m.IMAGE_CROPPED,
      m.IMAGE_RESET,
    ]).toEqual([
      'Successfully saved product.',
      'Flags updated.',
      'Successfully updated',
      'Successfully deleted',
      'Successfully deleted product.',
      'Image Uploaded...',
      'Image Cropped...',
      'Successfully Reset...',
    ]);
    expect(m.STOCK_NO_HISTORY).toBe('No Changes to history have been recorded.');
    expect(m.STOCK_PENDING_HINT).toBe('Product has pending stock changes.');
    expect(m.newStockValueLine(12)).toBe('The new stock value will be 12');
  });
  it('decided texts', () => {
    expect(m.onlyNLeft(3, 'Red Oak')).toBe('Only 3 of Red Oak are left.');
    expect(m.productNotOrderable('Red Oak')).toBe('Red Oak cannot be ordered online right now.');
    expect(m.ORDER_NOT_FOUND).toBe('We could not find an order with that number and phone number.');
    expect(m.FORBIDDEN).toBe('Forbidden: your account is not a staff account.');
  });
});
