import { emailProblem, QUANTITY_MAX } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { publicMutation } from '../lib/publicApi';
import { useSingleFlight } from '../lib/singleFlight';
import type { StorefrontProduct } from '../storefront/types';
import { Modal } from './Modal';

/**
 * "Tell me when it's back" for a Sold Out or Call for Availability product: an address and a quantity. Loaded
 * only when a customer opens it, so the storefront's first load never carries it.
 */
export function WaitlistDialog({
  product,
  open,
  onClose,
}: {
  product: StorefrontProduct;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const once = useSingleFlight();
  const join = useMutation(publicMutation('waitlist.join'));
  const name = product.productSize ? `${product.name} - ${product.productSize}` : product.name;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    const count = Number(quantity);
    const local =
      emailProblem(typed) ??
      (Number.isInteger(count) && count >= 1 && count <= QUANTITY_MAX
        ? null
        : `Quantity must be a whole number from 1 to ${QUANTITY_MAX}.`);
    setProblem(local);
    if (local) return;
    once(async () => {
      try {
        const answer = await join.mutateAsync({
          productId: product.productId,
          email: typed,
          quantity: count,
        });
        setJoined(answer.message);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Tell me when ${name} is back`}
      size="sm"
      testId="waitlist-dialog"
      footer={
        joined ? (
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-default" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={join.isPending}>
              {join.isPending ? 'Sending...' : 'Tell me'}
            </button>
          </>
        )
      }
    >
      {joined ? (
        <p role="status" data-autofocus tabIndex={-1}>
          {joined}
        </p>
      ) : (
        <form id={`${id}-form`} onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: '0.75rem' }}>
          <p style={{ margin: 0 }}>
            We will e-mail you once when it can be ordered online again. We do not hold plants for the
            waitlist.
          </p>
          <div style={{ display: 'grid', gap: '0.25rem' }}>
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              data-autofocus
              className="form-control"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          <div style={{ display: 'grid', gap: '0.25rem' }}>
            <label htmlFor={`${id}-quantity`}>How many would you like?</label>
            <input
              id={`${id}-quantity`}
              className="form-control"
              type="number"
              inputMode="numeric"
              min={1}
              max={QUANTITY_MAX}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </div>
          {problem ? (
            <p id={`${id}-problem`} className="text-danger" role="alert" style={{ margin: 0 }}>
              {problem}
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
