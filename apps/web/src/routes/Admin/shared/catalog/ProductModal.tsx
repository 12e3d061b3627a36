import {
  emptyPricesProblem,
  freePriceProblem,
  PRODUCT_STALE,
  PRODUCT_TYPES,
  ProductStatus,
  productInputSchema,
  readZones,
  SAVED_PRODUCT,
} from '@nursery/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { confirm } from '../../../../components/ConfirmDialog';
import { MODAL_TRANSITION_MS, Modal } from '../../../../components/Modal';
import { SaveFooter } from '../../../../components/ModalFooters';
import { useSingleFlight } from '../../../../lib/singleFlight';
import { failureFacts, notify, showApiFailure } from '../../../../lib/toast';
import { trpc } from '../../../../trpc';
import { PriceTiers } from './PriceTiers';
import { FORM_FIELDS, formOf, type ProductForm, type TextField, tiersKey, toInput } from './productForm';
import type { AdminProduct } from './types';
import { adminProductsOptions, useReloadCatalog } from './useAdminProducts';
import { WaitlistPanel } from './WaitlistPanel';

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
const DISCARD_PRODUCT_CHANGES = 'Discard the changes you made to this product?';

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
    const noPrices = checked.success
      ? (emptyPricesProblem(checked.data.prices.length, status) ??
        freePriceProblem(checked.data.prices, status))
      : null;
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
    const discard = await confirm(DISCARD_PRODUCT_CHANGES, {
      tone: 'warning',
      confirmText: 'Discard',
      cancelText: 'Keep editing',
    });
    // Close once the question has faded: it hands focus back into this form when it goes, which
    // would otherwise land after this modal gave focus back to the button that opened it.
    if (discard) window.setTimeout(onClose, MODAL_TRANSITION_MS + 20);
  };

  // The browser's Back (or a link elsewhere) would take the typed text with the page: it asks the same question.
  const typedUnsaved = open && FORM_FIELDS.some(modified);
  useBlocker({
    disabled: !typedUnsaved,
    enableBeforeUnload: () => typedUnsaved,
    shouldBlockFn: async () => {
      const discard = await confirm(DISCARD_PRODUCT_CHANGES, {
        tone: 'warning',
        confirmText: 'Discard',
        cancelText: 'Keep editing',
      });
      // A Back that stays on this screen (an earlier filter) closes the editor too: its text was let go.
      if (discard) window.setTimeout(onClose, MODAL_TRANSITION_MS + 20);
      return !discard;
    },
  });

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
        <SaveFooter
          onCancel={onClose}
          form={`${ids}-form`}
          saving={saving}
          label="Save Product"
          busyText="Saving Product..."
        />
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

        <PriceTiers
          rows={form.prices}
          onChange={(update) => setForm((f) => ({ ...f, prices: update(f.prices) }))}
          legend={label('prices', 'Prices')}
        />
      </form>
      {product && !specialOrder ? <WaitlistPanel product={product} /> : null}
    </Modal>
  );
}
