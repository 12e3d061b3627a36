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
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  /** 'visually-hidden' where the screen already says what the field is for. */
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
