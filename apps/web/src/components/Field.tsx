import type { ReactNode } from 'react';

/**
 * A labelled form field: the label names the control by its id, so a click on it focuses the control and a
 * screen reader reads the label with it. The control itself (input, select, textarea) is the child.
 */
export function Field({
  id,
  label,
  className = 'form-group',
  labelClassName = 'form-label',
  optional = false,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Says "(optional)" after the label, where the rest of the form must be filled in. */
  optional?: boolean;
  className?: string;
  /** 'visually-hidden' where the screen already says what the field is for. */
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={id}>
        {label}
        {optional ? <span className="text-muted"> (optional)</span> : null}
      </label>
      {children}
    </div>
  );
}

/**
 * The props that tie a text input (or textarea) to its state: the shop's input look, the value, and each
 * keystroke's new value handed to `setValue`. Spread into the control: `<input {...bindText(name, setName)} />`.
 */
export function bindText(value: string, setValue: (value: string) => void) {
  return {
    className: 'form-control',
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
  };
}
