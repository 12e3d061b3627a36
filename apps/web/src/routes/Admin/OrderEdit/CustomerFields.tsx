import { type Dispatch, type KeyboardEvent, type SetStateAction, useEffect } from 'react';
import { SmallButton } from '../../../components/SmallButton';
import type { AdminOrder } from '../shared/orders/types';
import { FIELDS, type FieldKey, type Fields } from './orderDraft';

/**
 * The customer half of the order form: each field marks itself modified against the saved order and can be
 * reverted (the Revert button, or a double-click on its label), then Tax Exempt and when it was placed.
 */
export function CustomerFields({
  formId,
  order,
  original,
  fields,
  setFields,
  isTaxExempt,
  setTaxExempt,
  problems,
}: {
  formId: string;
  order: AdminOrder | null;
  original: Fields;
  fields: Fields;
  setFields: Dispatch<SetStateAction<Fields>>;
  isTaxExempt: boolean;
  setTaxExempt: (exempt: boolean) => void;
  /** Why a field stops the save, shown under it and read out with it. */
  problems: Partial<Record<FieldKey, string>>;
}) {
  // A new order starts with the customer's name: the clerk types as the caller speaks.
  const isNew = order === null;
  useEffect(() => {
    if (isNew) document.getElementById(`${formId}-name`)?.focus();
  }, [isNew, formId]);

  // Enter moves on to the next field, never saves the order (that takes the Save button).
  const nextField = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const index = FIELDS.findIndex((f) => `${formId}-${f.key}` === event.currentTarget.id);
    const next = FIELDS[index + 1];
    if (next) document.getElementById(`${formId}-${next.key}`)?.focus();
  };

  return (
    <section className="order-edit-customer card">
      <div className="card-body stack">
        {FIELDS.map((f) => {
          const isModified = fields[f.key] !== original[f.key];
          const id = `${formId}-${f.key}`;
          const revert = () => setFields((v) => ({ ...v, [f.key]: original[f.key] }));
          const problem = problems[f.key];
          const marks = problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {};
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
                  <SmallButton tone="link" onClick={revert} aria-label={`Revert ${f.label}`}>
                    Revert
                  </SmallButton>
                ) : null}
              </div>
              {f.type === 'textarea' ? (
                <textarea
                  id={id}
                  className="form-control"
                  rows={4}
                  maxLength={4000}
                  {...marks}
                  value={fields[f.key]}
                  onChange={(e) => setFields((v) => ({ ...v, [f.key]: e.target.value }))}
                />
              ) : (
                <input
                  id={id}
                  className="form-control"
                  type={f.type}
                  enterKeyHint="next"
                  onKeyDown={nextField}
                  {...marks}
                  autoComplete={f.autoComplete}
                  maxLength={f.key === 'name' ? 201 : f.key === 'email' ? 254 : 40}
                  value={fields[f.key]}
                  onChange={(e) => setFields((v) => ({ ...v, [f.key]: e.target.value }))}
                />
              )}
              {problem ? (
                <p className="form-error" id={`${id}-problem`}>
                  {problem}
                </p>
              ) : null}
            </div>
          );
        })}
        <label className={`form-check${isTaxExempt !== (order?.isTaxExempt ?? false) ? ' is-modified' : ''}`}>
          <input type="checkbox" checked={isTaxExempt} onChange={(e) => setTaxExempt(e.target.checked)} /> Tax
          Exempt
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
  );
}
