import {
  type AdminOrderUpdateFormInput,
  adminOrderUpdateSchema,
  DEFAULT_TAX_RATE_BASIS_POINTS,
  formatMoney,
  orderLineUnitPriceCents,
  orderTotals,
  parseManualPrice,
  productStatusName,
  type SoldLine,
  SUCCESSFULLY_UPDATED,
  toCents,
} from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { useSingleFlight } from '../../../lib/singleFlight';
import { failureFacts, notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { productChoicesQuery, siteConfigQuery } from '../queries';
import type { AdminOrder, ProductChoice } from '../shared/orders/types';
import { SpecialOrderProductModal } from './SpecialOrderProductModal';

const FIELDS = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { key: 'workPhoneNumber', label: 'Work Phone Number', type: 'tel', autoComplete: 'tel' },
  { key: 'comments', label: 'Comments', type: 'textarea', autoComplete: 'off' },
] as const;

type FieldKey = (typeof FIELDS)[number]['key'];
type Fields = Record<FieldKey, string>;

export interface LineDraft {
  key: string;
  productId: number;
  /** Digits only, as typed; empty counts as 0. */
  quantity: string;
  isStatic: boolean;
  /** The manual price as typed. */
  price: string;
  /** For a line already on the order: the unit price and quantity it was sold at. */
  sold?: SoldLine;
}

export const ORDER_NOT_SAVED = 'Your changes to this order are not saved yet. Leave this page and lose them?';

/** The spec: a manual price with up to two decimals becomes a number; anything else stays as typed (and is refused on save). */
export function manualPriceCents(text: string): number | null {
  const parsed = parseManualPrice(text);
  return 'cents' in parsed ? parsed.cents : null;
}

/** Quantity cells accept digits only; empty becomes 0. */
export function digitsOnly(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 6);
}

function tiersOf(product: ProductChoice | undefined) {
  return (product?.prices ?? []).map((p) => ({
    startQuantity: p.startQuantity,
    endQuantity: p.endQuantity,
    priceCents: p.priceCents,
  }));
}

/** The unit price a line would get: typed for manual lines, from the tiers for calculated ones. */
export function lineUnitCents(line: LineDraft, product: ProductChoice | undefined): number | null {
  if (line.isStatic) return manualPriceCents(line.price);
  const quantity = Number(line.quantity || '0');
  if (quantity < 1) return product?.prices[0]?.priceCents ?? null;
  // The server's rule: a line keeps the price it was sold at until its quantity changes.
  return orderLineUnitPriceCents(tiersOf(product), quantity, line.sold);
}

function fieldsOf(order: AdminOrder | null): Fields {
  return {
    name: order?.name ?? '',
    email: order?.email ?? '',
    phoneNumber: order?.phoneNumber ?? '',
    workPhoneNumber: order?.workPhoneNumber ?? '',
    comments: order?.comments ?? '',
  };
}

let keySeq = 0;
const newKey = () => `line-${++keySeq}`;

function linesOf(order: AdminOrder | null): LineDraft[] {
  return (order?.products ?? []).map((p) => ({
    key: `saved-${p.orderProductXrefId}`,
    productId: p.productId,
    quantity: String(p.quantity),
    isStatic: p.isStatic,
    price: p.isStatic ? p.unitPrice.toFixed(2) : '',
    sold: { unitPriceCents: toCents(p.unitPrice), quantity: p.quantity, isStatic: p.isStatic },
  }));
}

function productLabel(p: ProductChoice): string {
  const status = p.isActive ? '' : ` (${productStatusName(p.productStatus)})`;
  return `${p.displayNameAndSize}${status}`;
}

/** Zod's messages as a person reads them: rule messages whole, generic ones with their field. */
function messagesOf(
  issues: readonly { message: string; code: string; path: readonly PropertyKey[] }[],
): string[] {
  return [
    ...new Set(
      issues.map((i) => {
        const field = i.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
        return i.code === 'custom' || !field ? i.message : `${field}: ${i.message}`;
      }),
    ),
  ];
}

/**
 * The order edit page's form: customer fields on the left (each marks itself modified and can be
 * reverted), product lines on the right with Manual or Calculated prices and a live total, and a
 * floating save button. `order` null means a new order.
 */
export function OrderEditor({ order }: { order: AdminOrder | null }) {
  const isNew = order === null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const site = useQuery(siteConfigQuery(trpc));
  const choices = useQuery(productChoicesQuery(trpc));
  const taxBp = site.data?.taxRateBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS;

  const original = useMemo(() => fieldsOf(order), [order]);
  const originalLines = useMemo(() => linesOf(order), [order]);
  const [fields, setFields] = useState<Fields>(original);
  const [isTaxExempt, setTaxExempt] = useState(order?.isTaxExempt ?? false);
  const [lines, setLines] = useState<LineDraft[]>(originalLines);
  const [showNonActive, setShowNonActive] = useState(false);
  const [specialOpen, setSpecialOpen] = useState(false);

  const products = useMemo(() => {
    const byId = new Map<number, ProductChoice>();
    for (const p of choices.data ?? []) byId.set(p.productId, p);
    return byId;
  }, [choices.data]);

  const onOrder = new Set(lines.map((l) => l.productId));
  const addable = (choices.data ?? [])
    .filter((p) => !onOrder.has(p.productId))
    // A new order lists what is on sale (and special orders) unless staff ask for the rest.
    .filter((p) => !isNew || showNonActive || p.isActiveOrSpecialOrder)
    .sort((a, b) => a.displayNameAndSize.localeCompare(b.displayNameAndSize));

  const priced = lines.map((line) => {
    const unit = lineUnitCents(line, products.get(line.productId));
    const quantity = Number(line.quantity || '0');
    return { line, unit, subtotalCents: unit === null ? 0 : unit * quantity };
  });
  const totals = orderTotals(priced, taxBp, isTaxExempt);

  const originalByKey = new Map(originalLines.map((l) => [l.key, l]));
  const linesModified =
    lines.length !== originalLines.length ||
    lines.some((l) => {
      const o = originalByKey.get(l.key);
      return (
        !o || o.quantity !== l.quantity || o.isStatic !== l.isStatic || (l.isStatic && o.price !== l.price)
      );
    });
  const fieldsModified = FIELDS.some((f) => fields[f.key] !== original[f.key]);
  const modified = fieldsModified || linesModified || isTaxExempt !== (order?.isTaxExempt ?? false);

  const addLine = (product: ProductChoice, price = '') => {
    setLines((ls) => [
      ...ls,
      {
        key: newKey(),
        productId: product.productId,
        quantity: '1',
        // A new line is manual only for a special-order product (the spec's default).
        isStatic: product.isSpecialOrder,
        price: product.isSpecialOrder
          ? price || (product.prices[0] ? product.prices[0].price.toFixed(2) : '')
          : '',
      },
    ]);
  };
  const updateLine = (key: string, change: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const removeLine = (key: string) => setLines((ls) => ls.filter((l) => l.key !== key));

  // A phone order typed in and not saved is not lost to a tap on the nav, the breadcrumb or Back, nor to a
  // reload. A saved new order moves on to its edit page without asking (its form still differs from empty).
  const savedRef = useRef(false);
  useBlocker({
    disabled: !modified,
    enableBeforeUnload: () => modified && !savedRef.current,
    shouldBlockFn: async () =>
      !savedRef.current &&
      !(await confirm(ORDER_NOT_SAVED, { tone: 'warning', confirmText: 'Leave', cancelText: 'Stay' })),
  });

  const [stale, setStale] = useState(false);
  const reloadOrder = async () => {
    if (!order) return;
    await queryClient.invalidateQueries({
      queryKey: trpc.orders.detailsById.queryKey({ orderId: order.orderId }),
    });
  };

  const once = useSingleFlight();
  const save = useMutation(
    trpc.orders.update.mutationOptions({
      onSuccess: async (saved) => {
        savedRef.current = true;
        notify.success(SUCCESSFULLY_UPDATED);
        queryClient.setQueryData(trpc.orders.detailsById.queryKey({ orderId: saved.orderId }), saved);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.orders.allForSeason.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.orders.all.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.orders.productChoices.pathKey() }),
        ]);
        if (isNew) {
          await navigate({ to: '/Admin/Orders/Edit/$orderId', params: { orderId: String(saved.orderId) } });
        }
      },
      onError: (error) => {
        // Someone else saved this order since it was opened: say so and offer their version.
        if (failureFacts(error).status === 409) setStale(true);
        showApiFailure(error);
      },
    }),
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body: AdminOrderUpdateFormInput = {
      ...(order ? { orderId: order.orderId, version: order.version } : {}),
      name: fields.name,
      email: fields.email,
      phoneNumber: fields.phoneNumber,
      workPhoneNumber: fields.workPhoneNumber,
      comments: fields.comments,
      isTaxExempt,
      products: lines.map((l) => ({
        productId: l.productId,
        quantity: Number(l.quantity || '0'),
        isStatic: l.isStatic,
        price: l.isStatic ? l.price.trim() : null,
      })),
    };
    // The same schema as the server: staff see its messages without a round trip.
    const checked = adminOrderUpdateSchema.safeParse(body);
    if (!checked.success) {
      notify.warning(messagesOf(checked.error.issues).join('\n'), { id: 'order-invalid' });
      return;
    }
    once(() => save.mutateAsync(body));
  };

  return (
    <>
      <form id={formId} className="order-edit" onSubmit={submit} noValidate>
        <section className="order-edit-customer card">
          <div className="card-body stack">
            {FIELDS.map((f) => {
              const isModified = fields[f.key] !== original[f.key];
              const id = `${formId}-${f.key}`;
              const revert = () => setFields((v) => ({ ...v, [f.key]: original[f.key] }));
              return (
                <div className="form-group" key={f.key}>
                  <div className="order-edit-label">
                    {/* Double-clicking a modified label reverts the field, as in the product form. */}
                    <label
                      htmlFor={id}
                      className={`form-label${isModified ? ' is-modified' : ''}`}
                      onDoubleClick={isModified ? revert : undefined}
                      title={isModified ? 'Modified: double-click to revert' : undefined}
                    >
                      {f.label}
                      {isModified ? <span className="sr-only"> (modified)</span> : null}
                    </label>
                    {isModified ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-link"
                        onClick={revert}
                        aria-label={`Revert ${f.label}`}
                      >
                        Revert
                      </button>
                    ) : null}
                  </div>
                  {f.type === 'textarea' ? (
                    <textarea
                      id={id}
                      className="form-control"
                      rows={4}
                      maxLength={4000}
                      value={fields[f.key]}
                      onChange={(e) => setFields((v) => ({ ...v, [f.key]: e.target.value }))}
                    />
                  ) : (
                    <input
                      id={id}
                      className="form-control"
                      type={f.type}
                      autoComplete={f.autoComplete}
                      maxLength={f.key === 'name' ? 201 : f.key === 'email' ? 254 : 40}
                      value={fields[f.key]}
                      onChange={(e) => setFields((v) => ({ ...v, [f.key]: e.target.value }))}
                    />
                  )}
                </div>
              );
            })}
            <label
              className={`form-check${isTaxExempt !== (order?.isTaxExempt ?? false) ? ' is-modified' : ''}`}
            >
              <input type="checkbox" checked={isTaxExempt} onChange={(e) => setTaxExempt(e.target.checked)} />{' '}
              Tax Exempt
            </label>
            {order ? (
              <p className="text-muted order-edit-meta">
                Placed {order.displayCreatedTimestamp}
                {order.updatedUsername ? ` · last changed by ${order.updatedUsername}` : ''}
                {order.displayUpdatedTimestamp ? ` on ${order.displayUpdatedTimestamp}` : ''}
              </p>
            ) : null}
          </div>
        </section>

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
            <button type="button" className="btn btn-info" onClick={() => setSpecialOpen(true)}>
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
          <div className="table-wrap">
            <table className="table table-sm order-lines-table">
              <caption className="sr-only">Products on the order</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="num">
                    Quantity
                  </th>
                  <th scope="col" className="num">
                    Unit Price
                  </th>
                  <th scope="col" className="num">
                    Subtotal
                  </th>
                  <th scope="col">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {priced.map(({ line, unit, subtotalCents }) => {
                  const product = products.get(line.productId);
                  const saved = originalByKey.get(line.key);
                  const lineModified =
                    !saved ||
                    saved.quantity !== line.quantity ||
                    saved.isStatic !== line.isStatic ||
                    (line.isStatic && saved.price !== line.price);
                  const name =
                    product?.displayNameAndSize ??
                    order?.products.find((p) => p.productId === line.productId)?.name ??
                    `Product ${line.productId}`;
                  const priceInvalid = line.isStatic && manualPriceCents(line.price) === null;
                  return (
                    <tr
                      key={line.key}
                      className={lineModified ? 'is-modified' : undefined}
                      data-product-id={line.productId}
                    >
                      <td>
                        {name}
                        {product && !product.isActive ? (
                          <span className="label label-info order-line-status">
                            {productStatusName(product.productStatus)}
                          </span>
                        ) : null}
                      </td>
                      <td className="num">
                        <input
                          className="form-control form-control-sm qty-input"
                          inputMode="numeric"
                          aria-label={`Quantity of ${name}`}
                          value={line.quantity}
                          onChange={(e) => updateLine(line.key, { quantity: digitsOnly(e.target.value) })}
                        />
                      </td>
                      <td className="num">
                        <div className="price-cell">
                          <select
                            className="form-select form-select-sm"
                            aria-label={`Price mode of ${name}`}
                            value={line.isStatic ? 'manual' : 'calculated'}
                            onChange={(e) => {
                              const manual = e.target.value === 'manual';
                              const calculated = lineUnitCents({ ...line, isStatic: false }, product);
                              updateLine(line.key, {
                                isStatic: manual,
                                price:
                                  manual && !line.price && calculated !== null
                                    ? (calculated / 100).toFixed(2)
                                    : line.price,
                              });
                            }}
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
                              value={line.price}
                              onChange={(e) => updateLine(line.key, { price: e.target.value })}
                            />
                          ) : (
                            <span className="price-calculated">
                              {unit === null ? <em className="text-danger">No price</em> : formatMoney(unit)}
                            </span>
                          )}
                        </div>
                      </td>
                      <td className="num">{formatMoney(subtotalCents)}</td>
                      <td>
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
                    <select
                      className="form-select"
                      aria-label="Add a product"
                      value=""
                      disabled={!choices.data}
                      onChange={(e) => {
                        const product = products.get(Number(e.target.value));
                        if (product) addLine(product);
                      }}
                    >
                      <option value="">{choices.data ? 'Add a product...' : 'Loading products...'}</option>
                      {addable.map((p) => (
                        <option key={p.productId} value={p.productId}>
                          {productLabel(p)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              </tbody>
              <tfoot>
                {isTaxExempt ? null : (
                  <>
                    <tr>
                      <th scope="row" colSpan={3} className="text-right">
                        Subtotal
                      </th>
                      <td className="num">{formatMoney(totals.subtotalCents)}</td>
                      <td />
                    </tr>
                    <tr>
                      <th scope="row" colSpan={3} className="text-right">
                        Tax
                      </th>
                      <td className="num">{formatMoney(totals.taxCents)}</td>
                      <td />
                    </tr>
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

        <button
          type="submit"
          className={`btn btn-lg btn-success order-save-floating${modified ? ' has-changes' : ''}`}
          disabled={save.isPending}
        >
          {save.isPending ? 'Saving...' : isNew ? 'Save New Order' : 'Save Order'}
        </button>
      </form>
      {/* Outside the form: React events bubble through portals, and its submit must not save the order. */}
      <SpecialOrderProductModal
        open={specialOpen}
        onClose={() => setSpecialOpen(false)}
        onSaved={(product, price) => {
          setSpecialOpen(false);
          queryClient.setQueryData(
            trpc.orders.productChoices.queryKey(),
            (list: ProductChoice[] | undefined) => (list ? [...list, product] : [product]),
          );
          addLine(product, price);
        }}
      />
    </>
  );
}
