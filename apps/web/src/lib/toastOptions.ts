// What a notification is asked for, shared by the notifier (toast.ts) and the lazily loaded view (toastView.ts)
// without either importing the other.

/** The spec's toast timings: 5 s by default, 30 s for the two long warnings, errors until closed. */
export const TOAST_DURATION_MS = 5000;
export const LONG_WARNING_DURATION_MS = 30000;
export const PERSISTENT = Number.POSITIVE_INFINITY;

export type Kind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** Milliseconds; PERSISTENT keeps the toast until it is closed. */
  duration?: number;
  /** The same id replaces an earlier toast instead of stacking a copy of it. */
  id?: string;
  /** Makes the whole text a button, e.g. "Click here to go to the Contact page". */
  onClick?: () => void;
  /** A button after the text that closes the toast and acts, e.g. Undo after a check-in. */
  action?: { label: string; run: () => void };
}
