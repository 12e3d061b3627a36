import { DEFAULT_PRODUCT_TYPE_ID, PRODUCT_TYPES, SAVED_PRODUCT } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { useSingleFlight } from '../../../lib/singleFlight';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import type { ProductChoice } from '../shared/orders/types';

const EMPTY = {
  name: '',
  productSize: '',
  productTypeId: DEFAULT_PRODUCT_TYPE_ID,
  description: '',
  species: '',
  zones: '',
  price: '',
};

/**
 * 'Add Special Order Product...': a product made for one customer's order (always new, always
 * Special Order, through SaveSpecialOrderProduct). The price is optional: the order line takes a
 * manual price anyway, and a price given here becomes the product's single tier and the line's start.
 */
export function SpecialOrderProductModal({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (product: ProductChoice, price: string) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const once = useSingleFlight();
  const save = useMutation(
    trpc.catalog.saveSpecialOrder.mutationOptions({
      onSuccess: (product) => {
        notify.success(SAVED_PRODUCT);
        onSaved(product as ProductChoice, form.price.trim());
        setForm(EMPTY);
      },
      onError: showApiFailure,
    }),
  );
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const price = form.price.trim().replace(/^\$/, '');
    once(() =>
      save.mutateAsync({
        name: form.name,
        productSize: form.productSize,
        productTypeId: Number(form.productTypeId),
        description: form.description,
        species: form.species,
        zones: form.zones,
        prices: price ? [{ startQuantity: '1', endQuantity: null, price }] : [],
      }),
    );
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      canClose={!save.isPending}
      title="Adding New Special Order Product"
      testId="special-order-modal"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            form="special-order-form"
            className="btn btn-primary"
            disabled={save.isPending}
          >
            {save.isPending ? 'Saving Product...' : 'Save Product'}
          </button>
        </>
      }
    >
      <form id="special-order-form" className="stack" onSubmit={submit}>
        <label className="form-group">
          <span className="form-label">Name</span>
          <input
            className="form-control"
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            data-autofocus
            required
            maxLength={200}
          />
        </label>
        <label className="form-group">
          <span className="form-label">Product Size</span>
          <input
            className="form-control"
            value={form.productSize}
            onChange={(e) => set('productSize')(e.target.value)}
            maxLength={200}
          />
        </label>
        <label className="form-group">
          <span className="form-label">Type</span>
          <select
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
        </label>
        <label className="form-group">
          <span className="form-label">Price (optional)</span>
          <input
            className="form-control"
            inputMode="decimal"
            placeholder="12.50"
            value={form.price}
            onChange={(e) => set('price')(e.target.value)}
          />
        </label>
        <label className="form-group">
          <span className="form-label">Description</span>
          <textarea
            className="form-control"
            rows={3}
            value={form.description}
            onChange={(e) => set('description')(e.target.value)}
            maxLength={4000}
          />
        </label>
        <div className="form-row">
          <label className="form-group">
            <span className="form-label">Species</span>
            <input
              className="form-control"
              value={form.species}
              onChange={(e) => set('species')(e.target.value)}
            />
          </label>
          <label className="form-group">
            <span className="form-label">Zones</span>
            <input
              className="form-control"
              value={form.zones}
              onChange={(e) => set('zones')(e.target.value)}
            />
          </label>
        </div>
      </form>
    </Modal>
  );
}
