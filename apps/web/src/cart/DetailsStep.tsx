import type { FormEvent } from 'react';
import { Field } from '../components/Field';
import { clearOrderDetails, goToStep, type OrderDetailsDraft, setOrderDetails } from './cartState';
import { updateCart, useCartState } from './cartStore';
import { type OpenPickUpDay, PickUpDayChoice } from './PickUpDayChoice';

/** The checkout's second step: who is ordering. Fields the last check refused are marked aria-invalid. */
export function DetailsStep({
  saving,
  invalidFields,
  errors = [],
  pickUpDays = [],
  dayRefusal = null,
  onDayChosen,
  onSubmit,
}: {
  saving: boolean;
  /** The days the shop offers from today on; none: no choice is asked for. */
  pickUpDays?: readonly OpenPickUpDay[];
  invalidFields: ReadonlySet<string>;
  /** The check's messages when the form shows them itself (on a phone), above its first field. */
  errors?: readonly string[];
  /** Why the server refused the chosen day, shown beside the day list. */
  dayRefusal?: string | null;
  onDayChosen?: () => void;
  onSubmit: (event?: FormEvent) => void;
}) {
  const details = useCartState((s) => s.orderDetails);
  const field = (name: keyof OrderDetailsDraft) => ({
    id: `order-${name}`,
    name,
    className: 'form-control',
    value: details[name],
    disabled: saving,
    'aria-invalid': invalidFields.has(name) ? true : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      updateCart((s) => setOrderDetails(s, { [name]: value }));
    },
  });
  return (
    <form id="order-details-form" className="order-details-form" onSubmit={onSubmit} noValidate>
      <p className="text-muted">
        No payment is taken online. We use these details to confirm your order and arrange pick-up.
      </p>
      {errors.length > 0 ? (
        <div className="alert alert-danger order-details-errors" role="alert">
          {errors.map((message) => (
            <p key={message} className="mb-0">
              {message}
            </p>
          ))}
        </div>
      ) : null}
      <div className="form-row">
        <Field id="order-firstName" label="First name">
          <input {...field('firstName')} autoComplete="given-name" data-autofocus />
        </Field>
        <Field id="order-lastName" label="Last name">
          <input {...field('lastName')} autoComplete="family-name" />
        </Field>
      </div>
      <div className="form-row">
        <Field id="order-email" label="Email">
          <input {...field('email')} type="email" autoComplete="email" />
        </Field>
        <Field id="order-confirmEmail" label="Confirm email">
          <input {...field('confirmEmail')} type="email" autoComplete="email" />
        </Field>
      </div>
      <div className="form-row">
        <Field id="order-phoneNumber" label="Phone number">
          <input {...field('phoneNumber')} type="tel" autoComplete="tel" />
        </Field>
        <Field id="order-workPhoneNumber" label="Work phone" optional>
          {/* biome-ignore lint/a11y/useValidAutocomplete: "work tel" is valid HTML autofill (a contact type before the field name); the rule knows only single tokens */}
          <input {...field('workPhoneNumber')} type="tel" autoComplete="work tel" />
        </Field>
      </div>
      <PickUpDayChoice
        days={pickUpDays}
        chosen={details.pickUpDayId}
        invalid={invalidFields.has('pickUpDayId')}
        refusal={dayRefusal}
        disabled={saving}
        onChoose={(pickUpDayId) => {
          updateCart((s) => setOrderDetails(s, { pickUpDayId }));
          onDayChosen?.();
        }}
      />
      <Field id="order-comments" label="Comments" optional>
        <textarea {...field('comments')} rows={3} />
      </Field>
    </form>
  );
}

/**
 * Back to the cart, Clear (the details and their marks) or Confirm Order (submits the form above, as Enter in any
 * field does). Clear is never where the focus starts: a second Enter after Checkout used to wipe the details.
 */
export function DetailsStepFooter({ clearInvalidFields }: { clearInvalidFields: () => void }) {
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => updateCart((s) => goToStep(s, 'products'))}
      >
        Go Back
      </button>
      <button
        type="button"
        className="btn btn-warning"
        onClick={() => {
          clearInvalidFields();
          updateCart(clearOrderDetails);
        }}
      >
        Clear
      </button>
      {/* The spec names the button to the confirmation step "Confirm Order". */}
      <button type="submit" form="order-details-form" className="btn btn-primary">
        Confirm Order
      </button>
    </>
  );
}
