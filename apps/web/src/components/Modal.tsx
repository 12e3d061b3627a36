import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** The spec's modal timing: the dialog eases in 300 ms, the backdrop fades in 150 ms (global.css). */
export const MODAL_TRANSITION_MS = 300;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface ModalProps {
  open: boolean;
  /** Asked for by Escape, the close button and a click on the backdrop, and only when canClose. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False while something must not be interrupted, e.g. an order being saved. */
  canClose?: boolean;
  /** Called once the closing transition has finished. */
  onExited?: () => void;
  className?: string;
  /** A stable hook for tests and styling. */
  testId?: string;
}

/**
 * An accessible dialog: labelled by its title, focus kept inside while open and given back to
 * where it was on close, Escape and backdrop clicks close it unless `canClose` is false.
 * Put `data-autofocus` on the element that should take focus first.
 */
/** Open dialogs, newest last: keys that reach the document belong to the topmost. */
const openModals: symbol[] = [];

export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  canClose = true,
  onExited,
  className,
  testId,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const onExitedRef = useRef(onExited);
  onExitedRef.current = onExited;

  // A layout effect like the focus one below, and declared before it, so the element to return focus to is
  // read before the dialog takes focus.
  useLayoutEffect(() => {
    if (open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setMounted(true);
      // Two frames so the browser paints the start state before the transition begins.
      let second = 0;
      const first = requestAnimationFrame(() => {
        second = requestAnimationFrame(() => setShown(true));
      });
      return () => {
        cancelAnimationFrame(first);
        cancelAnimationFrame(second);
      };
    }
    setShown(false);
    const timer = window.setTimeout(() => {
      setMounted(false);
      onExitedRef.current?.();
      const target = returnFocusTo.current;
      if (target?.isConnected) target.focus();
    }, MODAL_TRANSITION_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  const requestCloseRef = useRef<() => void>(() => {});
  requestCloseRef.current = () => {
    if (canClose) onClose();
  };

  // Layout effects: the dialog holds focus and hears keys from the moment it is painted, so an Escape pressed
  // as soon as it shows is not lost.
  useLayoutEffect(() => {
    if (!mounted) return;
    // Focus can leave the dialog without a click, e.g. when the element holding it is replaced as content
    // loads; Escape and Tab must still work then, for the topmost dialog only.
    const me = Symbol('modal');
    openModals.push(me);
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (openModals[openModals.length - 1] !== me || !dialog) return;
      if (event.target instanceof Node && dialog.contains(event.target)) return;
      if (event.key === 'Escape') {
        requestCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      openModals.splice(openModals.indexOf(me), 1);
    };
  }, [mounted]);

  useLayoutEffect(() => {
    if (!mounted) return;
    document.body.classList.add('modal-open');
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]');
    (first ?? dialog)?.focus({ preventScroll: true });
    return () => document.body.classList.remove('modal-open');
  }, [mounted]);

  if (!mounted) return null;

  const requestClose = () => {
    if (canClose) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (focusable.length === 0) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const firstEl = focusable[0];
    const lastEl = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === firstEl || active === dialog)) {
      event.preventDefault();
      lastEl?.focus();
    } else if (!event.shiftKey && active === lastEl) {
      event.preventDefault();
      firstEl?.focus();
    }
  };

  const sizeClass = size === 'lg' ? ' modal-lg' : size === 'sm' ? ' modal-sm' : '';

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse convenience; Escape and the close button do the same for keyboards.
    <div
      className={`modal-backdrop${shown ? ' is-open' : ''}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      <div
        ref={dialogRef}
        className={`modal-dialog${sizeClass}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal-header">
          {/* Focusable by script only: a screen that changes what the dialog shows can start the keyboard here. */}
          <h2 className="modal-title" id={titleId} tabIndex={-1}>
            {title}
          </h2>
          <button
            type="button"
            className="modal-close"
            aria-label="Close"
            onClick={requestClose}
            disabled={!canClose}
          >
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer ? <div className="modal-footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
