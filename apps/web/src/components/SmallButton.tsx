import type { ButtonHTMLAttributes } from 'react';

/**
 * A small button beside a row, a card or a field (Pause, Redeliver, Crop Image): never a submit, so pressing it
 * inside a form does not send the form.
 */
export function SmallButton({
  tone,
  className,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  tone: 'secondary' | 'danger' | 'info' | 'link' | 'primary' | 'outline';
}) {
  const classes = `btn btn-sm btn-${tone}${className ? ` ${className}` : ''}`;
  return <button type="button" className={classes} {...button} />;
}
