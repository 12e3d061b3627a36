import type { ComponentProps } from 'react';
import { type ConfirmOptions, confirm } from './ConfirmDialog';
import { SmallButton } from './SmallButton';

export type ConfirmButtonProps = Omit<ComponentProps<typeof SmallButton>, 'tone' | 'onClick'> & {
  /** The question the confirm dialog asks, e.g. "Delete the pick-up day Saturday, April 4?". */
  question: string;
  /** The dialog's title; "Please confirm" when left out. */
  title?: string;
  /** The dialog's button that goes ahead (Revoke, Remove, Delete). */
  confirmText: string;
  /** Called only when the question is answered yes. */
  onConfirm: () => void;
};

/**
 * A small danger button beside a row or a card (Revoke, Remove, Delete) that asks first: nothing happens until
 * the confirm dialog is answered yes. It stays a real button, and the dialog gives the focus back to it when
 * it closes (or moves it on when the row is gone).
 */
export function ConfirmButton({ question, title, confirmText, onConfirm, ...button }: ConfirmButtonProps) {
  const ask: ConfirmOptions = { confirmText, tone: 'danger', ...(title === undefined ? {} : { title }) };
  return (
    <SmallButton
      tone="danger"
      {...button}
      onClick={async () => {
        if (await confirm(question, ask)) onConfirm();
      }}
    />
  );
}
