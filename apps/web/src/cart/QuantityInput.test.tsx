import { QUANTITY_TOO_LARGE } from '@nursery/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuantityInput } from './QuantityInput';

afterEach(cleanup);

describe('QuantityInput', () => {
  it.each([
    ['with the minus and plus buttons (the cart)', true],
    ['alone (a product card)', false],
  ])('says a typed number above 100000 is ignored, %s, until the field is left', (_where, withButtons) => {
    const onChange = vi.fn();
    render(
      <QuantityInput
        productName="Bur Oak"
        quantity={20000}
        onChange={onChange}
        onStep={vi.fn()}
        withButtons={withButtons}
      />,
    );
    const field = screen.getByLabelText('Quantity of Bur Oak') as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '200000' } });
    // The cart keeps its quantity, as the spec says, and the field shows that quantity rather than the
    // refused number, so the two never disagree; the customer is told why.
    expect(onChange).not.toHaveBeenCalled();
    expect(field.value).toBe('20000');
    expect(screen.getByRole('alert').textContent).toBe(QUANTITY_TOO_LARGE);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    // The field is the same element while the message comes, so typing goes on in it.
    expect(screen.getByLabelText('Quantity of Bur Oak')).toBe(field);
    fireEvent.change(field, { target: { value: '100000' } });
    expect(onChange).toHaveBeenLastCalledWith(100000);
    expect(field.value).toBe('100000');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(field, { target: { value: '1000000' } });
    expect(screen.getByRole('alert').textContent).toBe(QUANTITY_TOO_LARGE);
    expect(field.value).toBe('100000');
    fireEvent.blur(field);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.value).toBe('20000');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('never shows a number the cart does not hold when one digit too many is typed', () => {
    // The parent keeps the cart's quantity; each keystroke re-renders with it, as the cart does.
    let quantity = 1;
    const { rerender } = render(
      <QuantityInput productName="Bur Oak" quantity={quantity} onChange={(q) => (quantity = q)} />,
    );
    const field = screen.getByLabelText('Quantity of Bur Oak') as HTMLInputElement;
    fireEvent.focus(field);
    for (const typed of ['2', '25', '250', '2500', '25000', '250000']) {
      fireEvent.change(field, { target: { value: typed } });
      rerender(<QuantityInput productName="Bur Oak" quantity={quantity} onChange={(q) => (quantity = q)} />);
    }
    expect(quantity).toBe(25000);
    expect(field.value).toBe('25000');
    expect(screen.getByRole('alert').textContent).toBe(QUANTITY_TOO_LARGE);
  });
});
