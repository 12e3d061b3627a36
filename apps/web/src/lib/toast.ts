import { UNAUTHORIZED } from '@nursery/domain';
import { createElement, type ReactElement } from 'react';
import toast, { type Toast } from 'react-hot-toast';
import type { ApiFailure } from './rest';

/** The spec's toast timings: 5 s by default, 30 s for the two long warnings, errors until closed. */
export const TOAST_DURATION_MS = 5000;
export const LONG_WARNING_DURATION_MS = 30000;
export const PERSISTENT = Number.POSITIVE_INFINITY;

type Kind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** Milliseconds; PERSISTENT keeps the toast until it is closed. */
  duration?: number;
  /** The same id replaces an earlier toast instead of stacking a copy of it. */
  id?: string;
  /** Makes the whole text a button, e.g. "Click here to go to the Contact page". */
  onClick?: () => void;
}

const KIND_STYLE: Record<Kind, { color: string; background: string; border: string; icon: string }> = {
  success: { color: '#1e3a24', background: '#eef5ec', border: '#3d7a3a', icon: '✔' },
  info: { color: '#173f4c', background: '#e9f3f6', border: '#2a6478', icon: 'ℹ' },
  warning: { color: '#4d3008', background: '#fcf3e2', border: '#b86e12', icon: '⚠' },
  error: { color: '#5e1a15', background: '#fbeceb', border: '#a8322a', icon: '✖' },
};

function body(t: Toast, text: string, kind: Kind, options: ToastOptions): ReactElement {
  const message = options.onClick
    ? createElement(
        'button',
        {
          type: 'button',
          className: 'toast-text toast-link',
          style: {
            background: 'none',
            border: 0,
            padding: 0,
            textAlign: 'left',
            font: 'inherit',
            cursor: 'pointer',
          },
          onClick: () => {
            toast.dismiss(t.id);
            options.onClick?.();
          },
        },
        text,
      )
    : createElement('span', { className: 'toast-text' }, text);
  return createElement(
    'div',
    { className: 'toast-body', 'data-toast-kind': kind },
    createElement('span', { 'aria-hidden': true }, KIND_STYLE[kind].icon),
    message,
    createElement(
      'button',
      {
        type: 'button',
        className: 'toast-close',
        'aria-label': 'Close notification',
        onClick: () => toast.dismiss(t.id),
      },
      '×',
    ),
  );
}

function show(kind: Kind, text: string, options: ToastOptions = {}): string {
  const style = KIND_STYLE[kind];
  return toast((t) => body(t, text, kind, options), {
    duration: options.duration ?? (kind === 'error' ? PERSISTENT : TOAST_DURATION_MS),
    ...(options.id ? { id: options.id } : {}),
    // Errors and warnings interrupt; confirmations wait their turn.
    ariaProps:
      kind === 'error' || kind === 'warning'
        ? { role: 'alert', 'aria-live': 'assertive' }
        : { role: 'status', 'aria-live': 'polite' },
    style: {
      color: style.color,
      background: style.background,
      borderLeft: `5px solid ${style.border}`,
      maxWidth: 'min(420px, calc(100vw - 2rem))',
      padding: '0.7rem 0.9rem',
    },
  });
}

export const notify = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  warning: (text: string, options?: ToastOptions) => show('warning', text, options),
  /** Stays until closed unless a duration is given: an error is worth reading whole. */
  error: (text: string, options?: ToastOptions) => show('error', text, options),
};

/** Clears every notification at once, as after a placed order. */
export function clearToasts(): void {
  toast.dismiss();
}

export function dismissToast(id: string): void {
  toast.dismiss(id);
}

interface FailureFacts {
  status: number | null;
  message: string;
}

function isApiFailure(error: unknown): error is ApiFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ApiFailure).status === 'number' &&
    typeof (error as ApiFailure).message === 'string' &&
    typeof (error as ApiFailure).validationError === 'boolean'
  );
}

/** Reads a TRPCClientError (data.httpStatus), a REST ApiFailure or any thrown Error alike. */
export function failureFacts(error: unknown): FailureFacts {
  if (isApiFailure(error)) return { status: error.status, message: error.message };
  if (error instanceof Error) {
    const data = (error as Error & { data?: { httpStatus?: unknown } | null }).data;
    const status = typeof data?.httpStatus === 'number' ? data.httpStatus : null;
    return { status, message: error.message };
  }
  if (typeof error === 'string') return { status: null, message: error };
  return { status: null, message: '' };
}

/**
 * The spec's error catalogue: a 401 says 'Unauthorized' and nothing more; any other failure is a
 * toast that stays until closed, a warning for a validation error (400) and an error otherwise,
 * reading '(status) message', and is logged for whoever opens the console.
 */
export function showApiFailure(error: unknown): void {
  const { status, message } = failureFacts(error);
  if (status === 401) {
    notify.error(UNAUTHORIZED, { id: 'unauthorized' });
    return;
  }
  console.error(error);
  const text = message || 'Something went wrong. Please try again.';
  const shown = status !== null && message ? `(${status}) ${text}` : text;
  if (status === 400) notify.warning(shown, { duration: PERSISTENT });
  else notify.error(shown);
}
