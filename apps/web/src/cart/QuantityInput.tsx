import { parseTypedCartQuantity, QUANTITY_MAX, typedCartQuantityProblem } from '@nursery/domain';
import { useId, useState } from 'react';

export interface QuantityInputProps {
  productName: string;
  quantity: number;
  onChange: (quantity: number) => void;
  /** Adds the minus and plus buttons around the field. */
  withButtons?: boolean;
  onStep?: (delta: 1 | -1) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
}

/**
 * A quantity typed by hand. What the visitor types is kept as typed while the field has focus,
 * but only a whole number from 0 to the maximum reaches the cart; anything else is ignored and
 * the field shows the cart's quantity again when it loses focus. A number above the maximum is refused
 * as it is typed, so the field never shows a quantity the cart does not hold (250000 shown while the cart
 * holds 25000), and says why beneath the field until the next keystroke.
 */
export function QuantityInput({
  productName,
  quantity,
  onChange,
  withButtons = false,
  onStep,
  disabled = false,
  autoFocus = false,
  className,
}: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(quantity);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const input = (
    <input
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      className={`form-control quantity-field${className ? ` ${className}` : ''}`}
      aria-label={`Quantity of ${productName}`}
      value={shown}
      disabled={disabled}
      maxLength={String(QUANTITY_MAX).length + 2}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? problemId : undefined}
      data-autofocus={autoFocus ? true : undefined}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => {
        const text = event.target.value;
        const refused = typedCartQuantityProblem(text);
        setProblem(refused);
        // Refused: the field keeps what it showed, the quantity the cart holds.
        if (refused) return;
        setDraft(text);
        const next = parseTypedCartQuantity(text, quantity);
        if (next !== quantity) onChange(next);
      }}
      onBlur={() => {
        setDraft(null);
        setProblem(null);
      }}
      onKeyDown={(event) => {
        if (!onStep) return;
        if (event.key === 'ArrowUp') {
          event.preventDefault();
          setDraft(null);
          setProblem(null);
          onStep(1);
        } else if (event.key === 'ArrowDown') {
          event.preventDefault();
          setDraft(null);
          setProblem(null);
          onStep(-1);
        }
      }}
    />
  );

  // After the field, not around it: the field keeps its place (and focus) while the message comes and goes.
  const message = problem ? (
    <p id={problemId} className="form-error quantity-error" role="alert">
      {problem}
    </p>
  ) : null;
  if (!withButtons || !onStep) {
    return (
      <>
        {input}
        {message}
      </>
    );
  }
  const group = (
    <div className="input-group quantity-group">
      <button
        type="button"
        className="btn btn-icon"
        aria-label={`One less ${productName}`}
        disabled={disabled || quantity <= 0}
        onClick={() => {
          setDraft(null);
          setProblem(null);
          onStep(-1);
        }}
      >
        −
      </button>
      {input}
      <button
        type="button"
        className="btn btn-icon"
        aria-label={`One more ${productName}`}
        disabled={disabled || quantity >= QUANTITY_MAX}
        onClick={() => {
          setDraft(null);
          setProblem(null);
          onStep(1);
        }}
      >
        +
      </button>
    </div>
  );
  return (
    <>
      {group}
      {message}
    </>
  );
}
