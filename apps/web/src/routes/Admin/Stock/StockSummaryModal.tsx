import { stockChangeWarnings } from '@nursery/domain';
import { useId } from 'react';
import { Modal } from '../../../components/Modal';
import { SaveFooter } from '../../../components/ModalFooters';
import type { AdminProduct } from '../shared/catalog/types';
import { WaitlistRestockHint } from '../shared/catalog/WaitlistPanel';

export interface SummaryLine {
  product: AdminProduct;
  changeInStock: number;
  /** Customers on its waitlist still to be told. */
  waiting: number;
}

/** 'Stock Change Summary': every pending change with its new stock and optional comments, saved together. */
export function StockSummaryModal({
  open,
  lines,
  notes,
  onNotes,
  saving,
  onSave,
  onClose,
  onExited,
}: {
  open: boolean;
  lines: readonly SummaryLine[];
  notes: Readonly<Record<number, string>>;
  onNotes: (productId: number, text: string) => void;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  /** The spec clears the comments once the summary has closed. */
  onExited?: () => void;
}) {
  const id = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      {...(onExited ? { onExited } : {})}
      canClose={!saving}
      title="Stock Change Summary"
      size="lg"
      testId="stock-summary-modal"
      footer={
        <SaveFooter
          onCancel={onClose}
          onSave={onSave}
          saving={saving}
          disabled={lines.length === 0}
          label="Update Stock"
          busyText="Saving..."
        />
      }
    >
      {lines.length === 0 ? (
        <p>There are no pending stock changes.</p>
      ) : (
        <ul className="stock-list">
          {lines.map(({ product, changeInStock, waiting }) => (
            <li key={product.productId} className="stock-item" data-testid={`summary-${product.productId}`}>
              <div className="stock-item-head">
                <h2>{product.displayNameAndSize}</h2>
              </div>
              <dl className="stock-figures">
                <div>
                  <dt>Current Stock</dt>
                  <dd>{product.currentStock}</dd>
                </div>
                <div>
                  <dt>+/-</dt>
                  <dd>{changeInStock > 0 ? `+${changeInStock}` : changeInStock}</dd>
                </div>
                <div>
                  <dt>New Stock</dt>
                  <dd>{product.currentStock + changeInStock}</dd>
                </div>
              </dl>
              {stockChangeWarnings(product, changeInStock).map((warning) => (
                <p key={warning} className="stock-warning" role="note">
                  {warning}
                </p>
              ))}
              <WaitlistRestockHint product={product} change={changeInStock} waiting={waiting} />
              <label className="form-label" htmlFor={`${id}-${product.productId}`}>
                Comments: (optional)
              </label>
              <textarea
                id={`${id}-${product.productId}`}
                className="form-control"
                rows={2}
                maxLength={2000}
                value={notes[product.productId] ?? ''}
                onChange={(e) => onNotes(product.productId, e.target.value)}
              />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
