import { createElement, type ReactElement } from 'react';
import type { Toast } from 'react-hot-toast';
import { type Kind, PERSISTENT, TOAST_DURATION_MS, type ToastOptions } from './toastOptions';

// How a notification looks: loaded with react-hot-toast on the first notification (see toast.ts).

type HotToast = typeof import('react-hot-toast')['default'];

const KIND_STYLE: Record<Kind, { color: string; background: string; border: string; icon: string }> = {
  success: { color: '#1e3a24', background: '#eef5ec', border: '#3d7a3a', icon: '✔' },
  info: { color: '#173f4c', background: '#e9f3f6', border: '#2a6478', icon: 'ℹ' },
  warning: { color: '#4d3008', background: '#fcf3e2', border: '#b86e12', icon: '⚠' },
  error: { color: '#5e1a15', background: '#fbeceb', border: '#a8322a', icon: '✖' },
};

function body(
  toast: HotToast,
  t: Toast,
  text: string,
  kind: Kind,
  options: ToastOptions,
  onHidden: () => void,
): ReactElement {
  // The library renders a notification again as it leaves (closed or timed out): from then on the same text
  // is a new notification, not a duplicate of this one.
  if (!t.visible) onHidden();
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
    options.action
      ? createElement(
          'button',
          {
            type: 'button',
            className: 'btn btn-sm btn-secondary toast-action',
            onClick: () => {
              toast.dismiss(t.id);
              options.action?.run();
            },
          },
          options.action.label,
        )
      : null,
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

/** Shows one notification through the loaded library. */
export function present(
  toast: HotToast,
  kind: Kind,
  text: string,
  options: ToastOptions,
  id: string,
  onHidden: () => void = () => {},
): void {
  const style = KIND_STYLE[kind];
  toast((t) => body(toast, t, text, kind, options, onHidden), {
    duration: options.duration ?? (kind === 'error' ? PERSISTENT : TOAST_DURATION_MS),
    id,
    // Errors and warnings interrupt; confirmations wait their turn.
    ariaProps:
      kind === 'error' || kind === 'warning'
        ? { role: 'alert', 'aria-live': 'assertive' }
        : { role: 'status', 'aria-live': 'polite' },
    style: {
      color: style.color,
      background: style.background,
      borderLeft: `5px solid ${style.border}`,
      // Within the toaster's box: beside an open dialog that box is narrower than the screen (lib/toastPlace.ts).
      maxWidth: 'min(420px, 100%)',
      padding: '0.7rem 0.9rem',
    },
  });
}
