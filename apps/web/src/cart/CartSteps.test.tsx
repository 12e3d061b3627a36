import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontProduct } from '../storefront/types';
import { ConfirmStep, ConfirmStepFooter } from './ConfirmStep';
import { EMPTY_ORDER_DETAILS, initialCartState } from './cartState';
import { getCartState, resetCartStoreForTests } from './cartStore';
import { cartSummary, orderInput } from './checkout';
import { DetailsStep } from './DetailsStep';
import { ProductsStep, ProductsStepFooter } from './ProductsStep';
import type { useCartActions } from './useCartActions';

afterEach(cleanup);

const oak = {
  productId: 7,
  name: 'Bur Oak',
  productSize: '2 gal',
  productStatus: 2,
  prices: [{ startQuantity: 1, endQuantity: null, priceCents: 1200, price: 12 }],
} as unknown as StorefrontProduct;
const cart = { '7': { productId: 7, cartQuantity: 2, addedAt: 1 } };
const summary = cartSummary(cart, new Map([[7, oak]]), () => true, 0);
const actions = {
  hide: vi.fn(),
  viewCart: vi.fn(),
  setQuantity: vi.fn(),
  step: vi.fn(),
  remove: vi.fn(),
} as unknown as ReturnType<typeof useCartActions>;

describe('the cart step', () => {
  it('says the cart is empty, and that ordering is closed only when the whole cart is shown', () => {
    const props = { shownLines: [], saving: false, totals: summary.totals, taxRate: 0, actions };
    render(<ProductsStep {...props} featuredProductId={null} ordersAreClosed />);
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(screen.queryByText(/Online ordering is closed right now/)).not.toBeNull();
    cleanup();
    render(<ProductsStep {...props} featuredProductId={7} ordersAreClosed />);
    expect(screen.queryByText(/Online ordering is closed right now/)).toBeNull();
  });

  it('offers the whole cart after an add, and Checkout (marked while closed) on the whole cart', () => {
    const checkout = vi.fn();
    render(
      <ProductsStepFooter
        featuredProductId={7}
        ordersAreClosed={false}
        actions={actions}
        checkout={checkout}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View Cart' }));
    expect(actions.viewCart).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
    cleanup();
    render(
      <ProductsStepFooter featuredProductId={null} ordersAreClosed actions={actions} checkout={checkout} />,
    );
    const button = screen.getByRole('button', { name: 'Checkout' });
    expect(button.className).toContain('btn-warning');
    fireEvent.click(button);
    expect(checkout).toHaveBeenCalledOnce();
  });
});

describe('the details step', () => {
  it('marks the refused fields, keeps what is typed in the cart store, and submits through its form', () => {
    resetCartStoreForTests(initialCartState(cart));
    const onSubmit = vi.fn((event?: { preventDefault(): void }) => event?.preventDefault());
    render(
      <DetailsStep saving={false} invalidFields={new Set(['email', 'phoneNumber'])} onSubmit={onSubmit} />,
    );
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    expect(getCartState().orderDetails.firstName).toBe('Ada');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    fireEvent.submit(screen.getByLabelText('First name').closest('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("asks a phone's autofill for the customer's own number, and for a work number only in Work phone", () => {
    resetCartStoreForTests(initialCartState(cart));
    render(<DetailsStep saving={false} invalidFields={new Set()} onSubmit={() => {}} />);
    expect(screen.getByLabelText('Phone number').getAttribute('autocomplete')).toBe('tel');
    // Before: both said 'tel', so one tap on a phone's suggestion put the same number in the optional field.
    expect(screen.getByLabelText(/^Work phone/).getAttribute('autocomplete')).toBe('work tel');
  });

  it('locks the fields while the order is being sent', () => {
    resetCartStoreForTests(initialCartState(cart));
    render(<DetailsStep saving invalidFields={new Set()} onSubmit={() => {}} />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the confirmation step', () => {
  it('shows the details and lines as they will be ordered, leaving out what was not given', () => {
    const input = orderInput(
      {
        ...EMPTY_ORDER_DETAILS,
        firstName: 'Ada',
        lastName: 'Maple',
        email: 'ada@example.com',
        phoneNumber: '5550101',
      },
      cart,
      () => true,
    );
    render(
      <ConfirmStep input={input} orderedLines={summary.orderedLines} totals={summary.totals} taxRate={0} />,
    );
    expect(screen.getByText('Ada Maple')).toBeTruthy();
    expect(screen.queryByText('Work phone')).toBeNull();
    const row = screen.getByText('Bur Oak').closest('tr') as HTMLTableRowElement;
    expect(row.textContent).toContain('$24.00');
    expect(screen.getByTestId('cart-total').textContent).toBe('$24.00');
  });

  it('says Submitting while the order is on its way, and sends it from Submit Order', () => {
    const placeOrder = vi.fn();
    render(<ConfirmStepFooter saving={false} placeOrder={placeOrder} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Order' }));
    expect(placeOrder).toHaveBeenCalledOnce();
    cleanup();
    render(<ConfirmStepFooter saving placeOrder={placeOrder} />);
    expect(screen.getByRole('button', { name: /Submitting/ }).getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByRole('button', { name: 'Go Back' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
