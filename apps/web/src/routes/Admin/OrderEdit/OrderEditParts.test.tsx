import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, ProductChoice } from '../shared/orders/types';
import { CustomerFields } from './CustomerFields';
import { OrderLines } from './OrderLines';
import { type Fields, type LineDraft, type LineProblems, priceLines } from './orderDraft';

afterEach(cleanup);

const saved: Fields = {
  name: 'Ada Maple',
  email: 'ada@example.com',
  phoneNumber: '5550101',
  workPhoneNumber: '',
  comments: '',
};

function Customer() {
  const [fields, setFields] = useState(saved);
  const [exempt, setExempt] = useState(false);
  return (
    <CustomerFields
      formId="f"
      order={null}
      original={saved}
      fields={fields}
      setFields={setFields}
      isTaxExempt={exempt}
      setTaxExempt={setExempt}
      problems={{}}
    />
  );
}

describe("the order editor's customer fields", () => {
  it('mark a changed field and put it back with Revert or a double-click on its label', () => {
    render(<Customer />);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(screen.queryByRole('button', { name: 'Revert Name' })).toBeNull();
    fireEvent.change(name, { target: { value: 'Ada Oak' } });
    expect(screen.getByText('(modified)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revert Name' }));
    expect(name.value).toBe('Ada Maple');
    fireEvent.change(name, { target: { value: 'Ada Oak' } });
    fireEvent.doubleClick(screen.getByText('Name', { selector: 'label' }));
    expect(name.value).toBe('Ada Maple');
    expect(screen.queryByText('(modified)')).toBeNull();
  });
});

const oak = {
  productId: 1,
  displayNameAndSize: 'Bur Oak 2 gal',
  isActive: true,
  isActiveOrSpecialOrder: true,
  isSpecialOrder: false,
  productStatus: 2,
  prices: [{ startQuantity: 1, endQuantity: null, priceCents: 500, price: 5 }],
} as unknown as ProductChoice;
const products = new Map([[1, oak]]);
const oakLine: LineDraft = { key: 'saved-1', productId: 1, quantity: '2', isStatic: false, price: '' };

function linesProps(lines: LineDraft[], change: Partial<Parameters<typeof OrderLines>[0]> = {}) {
  return {
    order: null as AdminOrder | null,
    isNew: false,
    stale: false,
    reloadOrder: vi.fn(),
    showNonActive: false,
    setShowNonActive: vi.fn(),
    openSpecialOrder: vi.fn(),
    priced: priceLines(lines, products),
    products,
    originalByKey: new Map([[oakLine.key, oakLine]]),
    updateLine: vi.fn(),
    removeLine: vi.fn(),
    addLine: vi.fn(),
    choicesLoaded: true,
    addable: [] as ProductChoice[],
    totals: { subtotalCents: 1000, taxCents: 55, totalCents: 1055 },
    isTaxExempt: false,
    idPrefix: 'f',
    focusLine: null as string | null,
    lineProblems: {} as Record<string, LineProblems>,
    ...change,
  };
}

describe("the order editor's lines", () => {
  it('switch a line to a manual price starting at the calculated one, and remove it', () => {
    const props = linesProps([oakLine]);
    render(<OrderLines {...props} />);
    fireEvent.change(screen.getByLabelText('Price mode of Bur Oak 2 gal'), { target: { value: 'manual' } });
    expect(props.updateLine).toHaveBeenCalledWith(
      'saved-1',
      expect.objectContaining({ isStatic: true, price: '5.00' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bur Oak 2 gal' }));
    expect(props.removeLine).toHaveBeenCalledWith('saved-1');
  });

  it('mark a changed line and a manual price that cannot be read', () => {
    const changed = { ...oakLine, isStatic: true, price: '5.999' };
    render(<OrderLines {...linesProps([changed])} />);
    const row = screen.getByLabelText('Unit price of Bur Oak 2 gal').closest('tr') as HTMLTableRowElement;
    expect(row.className).toContain('is-modified');
    expect(screen.getByLabelText('Unit price of Bur Oak 2 gal').getAttribute('aria-invalid')).toBe('true');
  });

  it('show subtotal and tax, or only the total when the order is tax exempt', () => {
    render(<OrderLines {...linesProps([oakLine])} />);
    expect(screen.getByText('Tax')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('$10.55');
    cleanup();
    render(
      <OrderLines
        {...linesProps([oakLine], {
          isTaxExempt: true,
          totals: { subtotalCents: 1000, taxCents: 0, totalCents: 1000 },
        })}
      />,
    );
    expect(screen.queryByText('Tax')).toBeNull();
    expect(screen.getByText(/Total \(tax exempt\)/)).toBeTruthy();
  });

  it('warn with Reload when a colleague saved first', () => {
    const props = linesProps([oakLine], { stale: true });
    render(<OrderLines {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Order' }));
    expect(props.reloadOrder).toHaveBeenCalledOnce();
  });
});
