import {
  DEFAULT_PRODUCT_TYPE_ID,
  emptyPricesProblem,
  PRODUCT_STALE,
  PRODUCT_TYPES,
  type ProductFormInput,
  ProductStatus,
  productInputSchema,
  readZones,
  SAVED_PRODUCT,
} from '@nursery/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { confirm } from '../../../../components/ConfirmDialog';
import { MODAL_TRANSITION_MS, Modal } from '../../../../components/Modal';
import { useSingleFlight } from '../../../../lib/singleFlight';
import { failureFacts, notify, showApiFailure } from '../../../../lib/toast';
import { trpc } from '../../../../trpc';
import type { AdminProduct } from './types';
import { adminProductsOptions, useReloadCatalog } from './useAdminProducts';
import { WaitlistPanel } from './WaitlistPanel';

interface TierRow {
  /** Stable React key, also for rows not saved yet. */
  key: string;
  productPriceId: number | null;
  startQuantity: string;
  endQuantity: string;
  price: string;
}

interface ProductForm {
  name: string;
  description: string;
  productTypeId: number;
  species: string;
  zones: string;
  productSize: string;
  prices: TierRow[];
}

type TextField = 'name' | 'description' | 'species' | 'zones' | 'productSize';

const FORM_FIELDS: readonly (keyof ProductForm)[] = [
  'name',
  'description',
  'productTypeId',
  'species',
  'zones',
  'productSize',
  'prices',
];

let nextKey = 0;
const newKey = () => `tier-${++nextKey}`;

function formOf(product: AdminProduct | null): ProductForm {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    productTypeId: product?.productTypeId ?? DEFAULT_PRODUCT_TYPE_ID,
    species: product?.species ?? '',
    zones: product?.zones ?? '',
    productSize: product?.productSize ?? '',
    prices: (product?.prices ?? []).map((t) => ({
      key: `saved-${t.productPriceId}`,
      productPriceId: t.productPriceId,
      startQuantity: String(t.startQuantity),
      endQuantity: t.endQuantity === null ? '' : String(t.endQuantity),
      price: t.price.toFixed(2),
    })),
  };
}

const tiersKey = (rows: readonly TierRow[]) =>
  JSON.stringify(rows.map((r) => [r.productPriceId, r.startQuantity, r.endQuantity, r.price]));

/** Spec 5: quantity cells take digits only (or nothing). */
const digitsOnly = (value: string) => /^\d*$/.test(value);

/** `version`: the one the product was read at, so a save over a colleague's newer one is refused (409). */
function toInput(form: ProductForm, productId: number | null, version: number | null): ProductFormInput {
  return {
    productId,
    version,
    name: form.name,
    description: form.description,
    productTypeId: form.productTypeId,
    species: form.species,
    zones: form.zones,
    productSize: form.productSize,
    // Empty cells become null, as the spec says; the shared schema turns the rest into numbers.
    prices: form.prices.map((r) => ({
      productPriceId: r.productPriceId,
      startQuantity: r.startQuantity === '' ? null : r.startQuantity,
      endQuantity: r.endQuantity === '' ? null : r.endQuantity,
      price: r.price.trim() === '' ? null : r.price.trim(),
    })),
  };
}

export interface ProductModalProps {
  open: boolean;
  /** The product being edited; null adds a new one. */
  product: AdminProduct | null;
  onClose: () => void;
  /** Special-order products are always new and saved through their own call (used by the order editor). */
  specialOrder?: boolean;
  onSaved?: (product: AdminProduct) => void;
}

/**
 * Adding or editing a product. Each changed field shows its label in italics, and double-clicking
 * the label puts the saved value back. Tiers are checked with the same rules the server applies.
 */
export function ProductModal({ open, product, onClose, specialOrder = false, onSaved }: ProductModalProps) {
  const [original, setOriginal] = useState(() => formOf(product));
  const [form, setForm] = useState(original);
  const [errors, setErrors] = useState<string[]>([]);
  const [shownFor, setShownFor] = useState<AdminProduct | null | undefined>(undefined);
  // After a refused save: the stored product as loaded on request, which the form now edits.
  const [reloaded, setReloaded] = useState<AdminProduct | null>(null);
  const [stale, setStale] = useState(false);
  const editing = reloaded ?? product;
  const queryClient = useQueryClient();
  const reloadCatalog = useReloadCatalog();
  const ids = useId();
  const errorsRef = useRef<HTMLDivElement>(null);

  // Every opening starts from the product's saved values: Cancel or Escape forgets what was typed
  // (the form stays as it was while the modal fades out, and is rebuilt on the next opening).
  if (!open && shownFor !== undefined) setShownFor(undefined);
  if (open && shownFor !== product) {
    const fresh = formOf(product);
    setShownFor(product);
    setOriginal(fresh);
    setForm(fresh);
    setErrors([]);
    setReloaded(null);
    setStale(false);
  }

  const finish = (saved: AdminProduct) => {
    notify.success(SAVED_PRODUCT);
    setShownFor(undefined);
    void reloadCatalog();
    onSaved?.(saved);
    onClose();
  };
  const once = useSingleFlight();
  const save = useMutation(
    trpc.catalog.save.mutationOptions({
      onSuccess: (answer) => finish(answer.product),
      onError: (error) => {
        // Someone saved this product since it was opened: the typed changes stay until the person chooses.
        if (failureFacts(error).status === 409) setStale(true);
        showApiFailure(error);
      },
    }),
  );
  const loadStored = async () => {
    if (!product) return;
    const list = await queryClient.fetchQuery({ ...adminProductsOptions(), staleTime: 0 });
    const stored = list.find((p) => p.productId === product.productId);
    if (!stored) {
      notify.error(`${product.name} was deleted by someone else.`);
      onClose();
      return;
    }
    const next = formOf(stored);
    setReloaded(stored);
    setOriginal(next);
    setForm(next);
    setErrors([]);
    setStale(false);
  };
  const saveSpecial = useMutation(
    trpc.catalog.saveSpecialOrder.mutationOptions({ onSuccess: finish, onError: showApiFailure }),
  );
  const saving = save.isPending || saveSpecial.isPending;

  const submit = () => {
    if (saving) return;
    const input = specialOrder
      ? toInput(form, null, null)
      : toInput(form, editing?.productId ?? null, editing?.version ?? null);
    const checked = productInputSchema.safeParse(input);
    const problems = checked.success ? [] : [...new Set(checked.error.issues.map((i) => i.message))];
    // The status the server will save with: the form sends none, so an edit keeps the product's own.
    const status = specialOrder
      ? ProductStatus.SpecialOrder
      : (editing?.productStatus ?? ProductStatus.Active);
    const noPrices = checked.success ? emptyPricesProblem(checked.data.prices.length, status) : null;
    if (noPrices) problems.push(noPrices);
    if (problems.length > 0) {
      // The list sits at the top of the form, scrolled out of sight when Save is pressed after the prices
      // (always on a phone): rendered now, so it can be brought into view and take focus at once.
      flushSync(() => setErrors(problems));
      errorsRef.current?.scrollIntoView({ block: 'nearest' });
      errorsRef.current?.focus({ preventScroll: true });
      return;
    }
    setErrors([]);
    once(() => (specialOrder ? saveSpecial.mutateAsync(input) : save.mutateAsync(input)));
  };

  const setText = (field: TextField, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const modified = (field: keyof ProductForm) =>
    field === 'prices'
      ? tiersKey(form.prices) !== tiersKey(original.prices)
      : form[field] !== original[field];
  const revert = (field: keyof ProductForm) => setForm((f) => ({ ...f, [field]: original[field] }));
  // Escape, the backdrop or the × close by reflex; with typed changes they ask first. Cancel is meant.
  const closeByReflex = async () => {
    if (!FORM_FIELDS.some(modified)) {
      onClose();
      return;
    }
    const discard = await confirm('Discard the changes you made to this product?', {
      tone: 'warning',
      confirmText: 'Discard',
      cancelText: 'Keep editing',
    });
    // Close once the question has faded: it hands focus back into this form when it goes, which
    // would otherwise land after this modal gave focus back to the button that opened it.
    if (discard) window.setTimeout(onClose, MODAL_TRANSITION_MS + 20);
  };

  const label = (field: keyof ProductForm, text: string, htmlFor?: string): ReactNode => (
    <label
      className={`form-label field-label${modified(field) ? ' is-modified' : ''}`}
      htmlFor={htmlFor}
      onDoubleClick={() => revert(field)}
      title={modified(field) ? 'Double-click to undo this change' : undefined}
    >
      {text}
    </label>
  );

  const textField = (
    field: TextField,
    text: string,
    options: { required?: boolean; multiline?: boolean; hint?: string | null } = {},
  ) => {
    const id = `${ids}-${field}`;
    const hint = options.hint ? (
      <p className="form-hint" id={`${id}-hint`}>
        {options.hint}
      </p>
    ) : null;
    return (
      <div className="form-group">
        {label(field, text, id)}
        {options.multiline ? (
          <textarea
            id={id}
            className="form-control"
            rows={4}
            value={form[field]}
            onChange={(e) => setText(field, e.target.value)}
          />
        ) : (
          <input
            id={id}
            className="form-control"
            value={form[field]}
            required={options.required}
            onChange={(e) => setText(field, e.target.value)}
            {...(field === 'name' ? { 'data-autofocus': true } : {})}
            {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
          />
        )}
        {hint}
      </div>
    );
  };

  const setTier = (key: string, patch: Partial<TierRow>) =>
    setForm((f) => ({ ...f, prices: f.prices.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  const addTier = () =>
    setForm((f) => {
      const last = f.prices[f.prices.length - 1];
      // The next tier usually starts right after the last one ends.
      const start = !last ? '1' : last.endQuantity === '' ? '' : String(Number(last.endQuantity) + 1);
      return {
        ...f,
        prices: [
          ...f.prices,
          { key: newKey(), productPriceId: null, startQuantity: start, endQuantity: '', price: '' },
        ],
      };
    });

  const title = specialOrder
    ? 'Adding Special Order Product'
    : product
      ? `Editing: ${product.name}`
      : 'Adding New Product';

  return (
    <Modal
      open={open}
      onClose={() => void closeByReflex()}
      canClose={!saving}
      title={title}
      size="lg"
      testId="product-modal"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${ids}-form`}
            className="btn btn-primary"
            disabled={saving}
            aria-disabled={saving}
          >
            {saving ? (
              <>
                <span className="spinner" aria-hidden="true" /> Saving Product...
              </>
            ) : (
              'Save Product'
            )}
          </button>
        </>
      }
    >
      <form
        id={`${ids}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        {stale ? (
          <div className="alert alert-warning row-gap" role="alert" data-testid="product-stale">
            <span>{PRODUCT_STALE} Your changes are still in the form until you load theirs.</span>
            <button type="button" className="btn btn-sm btn-warning" onClick={() => void loadStored()}>
              Load Their Version
            </button>
          </div>
        ) : null}
        {errors.length > 0 ? (
          <div className="alert alert-warning" role="alert" ref={errorsRef} tabIndex={-1}>
            <ul className="form-errors">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {textField('name', 'Name', { required: true })}
        {textField('description', 'Description', { multiline: true })}
        <div className="form-row">
          <div className="form-group">
            {label('productTypeId', 'Type', `${ids}-type`)}
            <select
              id={`${ids}-type`}
              className="form-select"
              value={form.productTypeId}
              onChange={(e) => setForm((f) => ({ ...f, productTypeId: Number(e.target.value) }))}
            >
              {PRODUCT_TYPES.map((t) => (
                <option key={t.productTypeId} value={t.productTypeId}>
                  {t.productType}
                </option>
              ))}
            </select>
          </div>
          {textField('species', 'Species')}
        </div>
        <div className="form-row">
          {textField('zones', 'Zones', {
            // The storefront's "Will it grow here?" reads this field (packages/domain/src/zones.ts).
            hint:
              readZones(form.zones).kind === 'unreadable'
                ? "Customers' zone check cannot read this: write a range such as 3-8, 4 to 8 or 5b-9a. The product stays listed, marked 'Zone not checked'."
                : null,
          })}
          {textField('productSize', 'Product Size')}
        </div>

        <fieldset className="form-group tier-fieldset">
          <legend style={{ padding: 0 }}>{label('prices', 'Prices')}</legend>
          <div className="table-wrap">
            <table className="table table-sm tier-table">
              <thead>
                <tr>
                  <th scope="col">Start Qty.</th>
                  <th scope="col">End Qty.</th>
                  <th scope="col">Price</th>
                  <th scope="col">Remove</th>
                </tr>
              </thead>
              <tbody>
                {form.prices.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="data-table-empty">
                      No prices yet: use Add New Price.
                    </td>
                  </tr>
                ) : null}
                {form.prices.map((row, index) => (
                  <tr key={row.key}>
                    <td>
                      <input
                        className="form-control form-control-sm"
                        inputMode="numeric"
                        aria-label={`Start quantity of price ${index + 1}`}
                        value={row.startQuantity}
                        onChange={(e) =>
                          digitsOnly(e.target.value) && setTier(row.key, { startQuantity: e.target.value })
                        }
                      />
                    </td>
                    <td>
                      <input
                        className="form-control form-control-sm"
                        inputMode="numeric"
                        placeholder="and up"
                        aria-label={`End quantity of price ${index + 1} (empty for no end)`}
                        value={row.endQuantity}
                        onChange={(e) =>
                          digitsOnly(e.target.value) && setTier(row.key, { endQuantity: e.target.value })
                        }
                      />
                    </td>
                    <td>
                      <div className="input-group">
                        <span
                          className="btn btn-sm btn-outline"
                          aria-hidden="true"
                          style={{ cursor: 'default' }}
                        >
                          $
                        </span>
                        <input
                          className="form-control form-control-sm"
                          inputMode="decimal"
                          aria-label={`Price per unit of price ${index + 1}`}
                          value={row.price}
                          onChange={(e) => setTier(row.key, { price: e.target.value })}
                        />
                      </div>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-danger tier-remove"
                        aria-label={`Remove price ${index + 1}`}
                        onClick={() =>
                          setForm((f) => ({ ...f, prices: f.prices.filter((r) => r.key !== row.key) }))
                        }
                      >
                        <span className="tier-remove-label">Remove</span>
                        <span className="tier-remove-icon" aria-hidden="true">
                          ×
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" className="btn btn-sm btn-outline" onClick={addTier}>
            Add New Price
          </button>
          <p className="form-hint">
            Prices start at quantity 1 and follow on without gaps or overlaps; leave the last End Qty. empty
            for "and up".
          </p>
        </fieldset>
      </form>
      {product && !specialOrder ? <WaitlistPanel productId={product.productId} /> : null}
    </Modal>
  );
}
