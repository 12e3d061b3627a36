import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { dialogClosed, dialogOpened } from '../lib/topDialog';

/** The spec's modal timing: the dialog eases in 300 ms, the backdrop fades in 150 ms (global.css). */
export const MODAL_TRANSITION_MS = 300;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Focus goes to the element marked `data-autofocus`, or to the dialog itself. */
function takeFocus(dialog: HTMLDialogElement) {
  const first = dialog.querySelector<HTMLElement>('[data-autofocus]');
  (first ?? dialog).focus({ preventScroll: true });
}

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
  /** Called once the closing transition has finished, or has been cut short by opening the dialog again. */
  onExited?: () => void;
  className?: string;
  /** A stable hook for tests and styling. */
  testId?: string;
}

/**
 * An accessible dialog on the browser's own modal <dialog> (showModal): the rest of the page is inert while it
 * is open, so neither the mouse, Tab nor a screen reader reaches what is behind it, and the topmost of several
 * open dialogs is the one Escape asks to close. Labelled by its title; focus goes to the element marked
 * `data-autofocus` (or the dialog) and back to where it was on close; Escape, the close button and a click on
 * the backdrop close it unless `canClose` is false.
 */
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // Set while the dialog closes because `open` went false, so that close is not undone.
  const closing = useRef(false);
  // When it last opened: the second click of a double-click on the button that opened it lands on the
  // backdrop, and must not close the question it just asked.
  const openedAt = useRef(0);
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const onExitedRef = useRef(onExited);
  onExitedRef.current = onExited;
  const bodyRef = useRef<HTMLDivElement>(null);
  const [bodyScrolls, setBodyScrolls] = useState(false);

  // A layout effect like the one below, and declared before it, so the element to return focus to is read
  // before the dialog takes focus.
  useLayoutEffect(() => {
    if (open) {
      openedAt.current = performance.now();
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const dialog = dialogRef.current;
      if (dialog && closing.current) {
        // Opened again during its closing transition: that closing ends here as if it had run its course
        // (onExited clears what a screen keeps until then, e.g. the text typed), and the dialog is modal,
        // reachable and focused once more.
        closing.current = false;
        onExitedRef.current?.();
        dialog.inert = false;
        dialog.removeAttribute('aria-hidden');
        dialog.close();
        dialog.showModal();
        dialogOpened(dialog);
        takeFocus(dialog);
      }
      closing.current = false;
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
    // The page is live again at once: closing the modal dialog gives focus back to where it was before it
    // opened, and the screen may move it on. The dialog stays in view through its closing transition only as
    // a picture: the open attribute alone shows it without taking focus, and it is inert and hidden from
    // assistive technology, so nothing in it can be clicked, reached or read out as a second open dialog.
    const dialog = dialogRef.current;
    if (dialog?.open) {
      closing.current = true;
      dialog.close();
      dialog.setAttribute('open', '');
      dialog.inert = true;
      dialog.setAttribute('aria-hidden', 'true');
      dialogClosed(dialog);
    }
    const timer = window.setTimeout(() => {
      closing.current = false;
      setMounted(false);
      onExitedRef.current?.();
      // The element focus went back to may have gone meanwhile (the row just deleted); then it goes to the
      // opener if that is still there, unless the screen has put focus somewhere of its own.
      const target = returnFocusTo.current;
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && target?.isConnected) target.focus();
    }, MODAL_TRANSITION_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  const requestCloseRef = useRef<() => void>(() => {});
  requestCloseRef.current = () => {
    if (canClose) onClose();
  };

  // A layout effect: the dialog holds focus and hears keys from the moment it is painted, so an Escape pressed
  // as soon as it shows is not lost.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!mounted || !dialog) return;
    dialog.showModal();
    dialogOpened(dialog);
    document.body.classList.add('modal-open');
    takeFocus(dialog);
    // Escape with the focus outside the dialog's content (on the page's body, after the focused element was
    // replaced as content loaded) reaches the dialog as its close request. The dialog itself only closes when
    // `open` says so: a close the browser forces anyway (it does after repeated refused requests) is undone.
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestCloseRef.current();
    };
    const onForcedClose = () => {
      if (!closing.current && dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onForcedClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onForcedClose);
      dialogClosed(dialog);
      document.body.classList.remove('modal-open');
    };
  }, [mounted]);

  // A body taller than the screen with nothing focusable in it (the checkout's Confirm step on a phone) could
  // not be scrolled from the keyboard in every browser: it then takes a place in the Tab order itself, as
  // Chromium and Firefox give a scroller on their own. Measured after each render and on every resize.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!mounted || !body) return;
    const measure = () =>
      setBodyScrolls(body.scrollHeight > body.clientHeight + 1 && body.querySelector(FOCUSABLE) === null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of body.children) observer.observe(child);
    return () => observer.disconnect();
  });

  if (!mounted) return null;

  const requestClose = () => {
    if (canClose) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here, so the browser's own close request (which it stops honouring when refused twice) never
      // starts.
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // The page behind is inert; only the step past either end would leave the dialog (for the page's body),
    // so it goes round to the other end instead.
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const firstEl = focusable[0];
    const lastEl = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (!firstEl || !lastEl) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (active === firstEl || active === dialog)) {
      event.preventDefault();
      lastEl.focus();
    } else if (!event.shiftKey && active === lastEl) {
      event.preventDefault();
      firstEl.focus();
    }
  };

  const sizeClass = size === 'lg' ? ' modal-lg' : size === 'sm' ? ' modal-sm' : '';

  return createPortal(
    // The backdrop click is a mouse convenience; Escape and the close button do the same for keyboards.
    <dialog
      ref={dialogRef}
      className={`modal-backdrop${shown ? ' is-open' : ''}`}
      // biome-ignore lint/a11y/noRedundantRoles: the element's own role, written out because the app and its tests find dialogs by it.
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (performance.now() - openedAt.current < MODAL_TRANSITION_MS) return;
        requestClose();
      }}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      <div className={`modal-dialog${sizeClass}${className ? ` ${className}` : ''}`}>
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
        <div
          className="modal-body"
          ref={bodyRef}
          {...(bodyScrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        >
          {children}
        </div>
        {footer ? <div className="modal-footer">{footer}</div> : null}
      </div>
    </dialog>,
    document.body,
  );
}
