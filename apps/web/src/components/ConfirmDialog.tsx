import { useSyncExternalStore } from 'react';
import { Modal } from './Modal';

export interface ConfirmOptions {
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** The colour of the confirm button: danger for deleting, primary otherwise (the product statuses use all five). */
  tone?: 'primary' | 'danger' | 'warning' | 'success' | 'info';
}

interface Pending extends Required<ConfirmOptions> {
  message: string;
  resolve: (answer: boolean) => void;
}

let pending: Pending | null = null;
let open = false;
const listeners = new Set<() => void>();
let snapshot: { pending: Pending | null; open: boolean } = { pending, open };

function emit() {
  snapshot = { pending, open };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks a yes/no question in a modal, e.g. `if (await confirm(ORDER_DELETE_CONFIRM)) ...`.
 * Answers false when dismissed. A second question while one is open answers the first with false.
 * Needs <ConfirmHost /> mounted once (RootLayout does).
 */
export function confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  pending?.resolve(false);
  return new Promise<boolean>((resolve) => {
    pending = {
      message,
      title: options.title ?? 'Please confirm',
      confirmText: options.confirmText ?? 'Yes',
      cancelText: options.cancelText ?? 'Cancel',
      tone: options.tone ?? 'primary',
      resolve,
    };
    open = true;
    emit();
  });
}

function answer(value: boolean) {
  if (!pending) return;
  pending.resolve(value);
  open = false;
  emit();
}

export function ConfirmHost() {
  const state = useSyncExternalStore(subscribe, () => snapshot);
  const current = state.pending;
  return (
    <Modal
      open={state.open}
      onClose={() => answer(false)}
      onExited={() => {
        if (!open) {
          pending = null;
          emit();
        }
      }}
      title={current?.title ?? ''}
      size="sm"
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={() => answer(false)}>
            {current?.cancelText}
          </button>
          <button
            type="button"
            className={`btn btn-${current?.tone ?? 'primary'}`}
            onClick={() => answer(true)}
            data-autofocus
          >
            {current?.confirmText}
          </button>
        </>
      }
    >
      <p className="mb-0">{current?.message}</p>
    </Modal>
  );
}
