import { formatMoney, productStatusName, type Totals } from '@nursery/domain';
import { type KeyboardEvent, useEffect } from 'react';
import { hidden, num, TableHead } from '../../../components/CardTable';
import type { AdminOrder, ProductChoice } from '../shared/orders/types';
import {
  digitsOnly,
  isLineModified,
  type LineDraft,
  type LineProblems,
  manualPriceCents,
  type PricedLineDraft,
  withPriceMode,
} from './orderDraft';
import { ProductPicker } from './ProductPicker';

export const quantityInputId = (idPrefix: string, key: string) => `${idPrefix}-quantity-${key}`;

/**
 * The lines half of the order form: a warning with Reload when a colleague saved first, the special-order
 * and non-active tools, one row per line (quantity, Calculated or Manual price, subtotal, remove), the Add
 * box, and the totals (no subtotal and tax when the order is tax exempt).
 */
export function OrderLines({
  order,
  isNew,
  stale,
  reloadOrder,
  showNonActive,
  setShowNonActive,
  openSpecialOrder,
  priced,
  products,
  originalByKey,
  updateLine,
  removeLine,
  addLine,
  choicesLoaded,
  addable,
  totals,
  isTaxExempt,
  idPrefix,
  focusLine,
  lineProblems,
  productsProblem,
}: {
  order: AdminOrder | null;
  isNew: boolean;
  stale: boolean;
  reloadOrder: () => void;
  showNonActive: boolean;
  setShowNonActive: (show: boolean) => void;
  openSpecialOrder: () => void;
  priced: readonly PricedLineDraft[];
  products: ReadonlyMap<number, ProductChoice>;
  originalByKey: ReadonlyMap<string, LineDraft>;
  updateLine: (key: string, change: Partial<LineDraft>) => void;
  removeLine: (key: string) => void;
  addLine: (product: ProductChoice) => void;
  choicesLoaded: boolean;
  addable: readonly ProductChoice[];
  totals: Totals;
  isTaxExempt: boolean;
  /** Makes the ids of the quantity boxes and the Add box unique on the page. */
  idPrefix: string;
  /** The line just added: its quantity takes the keyboard, ready to be typed over. */
  focusLine: string | null;
  /** Why a line stops the save (its quantity, its typed price, or the line), shown beside what it is about. */
  lineProblems: Readonly<Record<string, LineProblems>>;
  /** Why the product list stops it (no product yet, one twice), shown under Add a product. */
  productsProblem?: string | undefined;
}) {
  const pickerId = `${idPrefix}-add-product`;
  const quantityId = (key: string) => quantityInputId(idPrefix, key);
  useEffect(() => {
    if (!focusLine) return;
    const input = document.getElementById(quantityInputId(idPrefix, focusLine));
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  }, [focusLine, idPrefix]);
  // Enter in a line's box moves on to the next product instead of saving the order: on the phone, a name,
  // Enter, a quantity, Enter, the next name. Saving takes the Save button.
  const nextProduct = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    document.getElementById(pickerId)?.focus();
  };
  return (
    <section className="order-edit-lines">
      {stale ? (
        <div className="alert alert-warning row-gap" role="alert">
          <span>
            Someone else changed this order after you opened it. Reload it to see their changes (yours are
            lost).
          </span>
          <button type="button" className="btn btn-sm btn-warning" onClick={reloadOrder}>
            Reload Order
          </button>
        </div>
      ) : null}
      <div className="row-gap order-edit-line-tools">
        <button type="button" className="btn btn-info" onClick={openSpecialOrder}>
          Add Special Order Product...
        </button>
        {isNew ? (
          <label className="form-check">
            <input
              type="checkbox"
              checked={showNonActive}
              onChange={(e) => setShowNonActive(e.target.checked)}
            />{' '}
            Show non-active Items
          </label>
        ) : null}
      </div>
      <div className="table-wrap order-lines-wrap">
        <table className="table table-sm order-lines-table">
          <caption className="sr-only">Products on the order</caption>
          <TableHead
            columns={['Product', num('Quantity'), num('Unit Price'), num('Subtotal'), hidden('Remove')]}
          />
          <tbody>
            {priced.map(({ line, unit, subtotalCents }) => {
              const product = products.get(line.productId);
              const lineModified = isLineModified(originalByKey.get(line.key), line);
              const name =
                product?.displayNameAndSize ??
                order?.products.find((p) => p.productId === line.productId)?.name ??
                `Product ${line.productId}`;
              const own = lineProblems[line.key] ?? {};
              const priceInvalid = (line.isStatic && manualPriceCents(line.price) === null) || !!own.price;
              const problemId = (part: string) => `${quantityId(line.key)}-${part}-problem`;
              const problemText = (part: keyof LineProblems) =>
                own[part] ? (
                  <p className="form-error" id={problemId(part)}>
                    {own[part]}
                  </p>
                ) : null;
              return (
                <tr
                  key={line.key}
                  className={lineModified ? 'is-modified' : undefined}
                  data-product-id={line.productId}
                >
                  <td className="order-line-name">
                    {name}
                    {product && !product.isActive ? (
                      <span className="label label-info order-line-status">
                        {productStatusName(product.productStatus)}
                      </span>
                    ) : null}
                    {problemText('line')}
                  </td>
                  <td className="num" data-label="Quantity">
                    <input
                      id={quantityId(line.key)}
                      className="form-control form-control-sm qty-input"
                      inputMode="numeric"
                      enterKeyHint="next"
                      onKeyDown={nextProduct}
                      aria-label={`Quantity of ${name}`}
                      aria-invalid={own.quantity || own.line ? true : undefined}
                      aria-describedby={
                        own.quantity ? problemId('quantity') : own.line ? problemId('line') : undefined
                      }
                      value={line.quantity}
                      onChange={(e) => updateLine(line.key, { quantity: digitsOnly(e.target.value) })}
                    />
                    {problemText('quantity')}
                  </td>
                  <td className="num" data-label="Unit Price">
                    <div className="price-cell">
                      <select
                        className="form-select form-select-sm"
                        aria-label={`Price mode of ${name}`}
                        value={line.isStatic ? 'manual' : 'calculated'}
                        onChange={(e) =>
                          updateLine(line.key, withPriceMode(line, e.target.value === 'manual', product))
                        }
                      >
                        <option value="calculated">Calculated</option>
                        <option value="manual">Manual</option>
                      </select>
                      {line.isStatic ? (
                        <input
                          className={`form-control form-control-sm price-input${priceInvalid ? ' is-invalid' : ''}`}
                          inputMode="decimal"
                          aria-label={`Unit price of ${name}`}
                          aria-invalid={priceInvalid}
                          aria-describedby={own.price ? problemId('price') : undefined}
                          enterKeyHint="next"
                          onKeyDown={nextProduct}
                          value={line.price}
                          onChange={(e) => updateLine(line.key, { price: e.target.value })}
                        />
                      ) : (
                        <span className="price-calculated">
                          {unit === null ? <em className="text-danger">No price</em> : formatMoney(unit)}
                        </span>
                      )}
                    </div>
                    {problemText('price')}
                  </td>
                  <td className="num" data-label="Subtotal">
                    {formatMoney(subtotalCents)}
                  </td>
                  <td className="order-line-remove">
                    <button
                      type="button"
                      className="btn btn-sm btn-link btn-icon text-danger"
                      aria-label={`Remove ${name}`}
                      title="Remove from the order"
                      onClick={() => removeLine(line.key)}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
            <tr className="order-line-new">
              <td colSpan={5}>
                <ProductPicker
                  inputId={pickerId}
                  choices={addable}
                  loaded={choicesLoaded}
                  onChoose={addLine}
                  problem={productsProblem}
                />
              </td>
            </tr>
          </tbody>
          <tfoot>
            {isTaxExempt ? null : (
              <>
                <FigureRow label="Subtotal" cents={totals.subtotalCents} />
                <FigureRow label="Tax" cents={totals.taxCents} />
              </>
            )}
            <tr>
              <th scope="row" colSpan={3} className="text-right">
                Total{isTaxExempt ? ' (tax exempt)' : ''}
              </th>
              <td className="num" data-testid="order-total">
                <strong>{formatMoney(totals.totalCents)}</strong>
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** A line of the order's figures under its lines, named in the columns where the lines' names stand. */
function FigureRow({ label, cents }: { label: string; cents: number }) {
  return (
    <tr>
      <th scope="row" colSpan={3} className="text-right">
        {label}
      </th>
      <td className="num">{formatMoney(cents)}</td>
      <td />
    </tr>
  );
}
