import { type CSSProperties, useLayoutEffect, useState } from 'react';

/** A box on the screen, in CSS pixels from the viewport's top left corner. */
export interface ScreenBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface ToasterPlace {
  position: 'top-right' | 'bottom-right';
  /** The toaster container's edges, in pixels from the viewport's edges. */
  style: CSSProperties;
}

/** Narrower than this beside a dialog, a toast's text wraps a word a line. */
export const TOAST_MIN_WIDTH = 280;
/** Room for a two-line toast with its close button. */
export const TOAST_MIN_HEIGHT = 120;
const GAP = 8;

/**
 * Where the toasts go while a dialog is open, so they never cover its question or its buttons: beside the
 * dialog when the screen is wide enough, else below it, else above it; a dialog that fills the screen (the
 * product editor on a phone) keeps its title, the start of its body and its buttons clear: the toasts stack up
 * from just above the buttons.
 */
export function toasterPlaceBeside(
  viewport: { width: number; height: number },
  dialog: ScreenBox,
  /** Its title bar and its button row, when it has them. */
  header: ScreenBox | null,
  footer: ScreenBox | null,
): ToasterPlace {
  const right = dialog.left + dialog.width;
  const bottom = dialog.top + dialog.height;
  if (viewport.width - right - 2 * GAP >= TOAST_MIN_WIDTH) {
    return {
      position: 'top-right',
      style: { top: Math.max(dialog.top, GAP), left: right + GAP, right: GAP, bottom: GAP },
    };
  }
  if (viewport.height - bottom - 2 * GAP >= TOAST_MIN_HEIGHT) {
    return { position: 'top-right', style: { top: bottom + GAP, left: GAP, right: GAP, bottom: GAP } };
  }
  if (dialog.top - 2 * GAP >= TOAST_MIN_HEIGHT) {
    return {
      position: 'bottom-right',
      style: { top: GAP, left: GAP, right: GAP, bottom: viewport.height - dialog.top + GAP },
    };
  }
  const from = header ? header.top + header.height : dialog.top;
  const to = footer ? footer.top : bottom;
  // Stacked up from the buttons: the body's first lines (the question, a form's list of problems) stay clear.
  return {
    position: 'bottom-right',
    style: {
      top: from + GAP,
      bottom: viewport.height - to + GAP,
      left: dialog.left + GAP,
      right: viewport.width - right + GAP,
      overflow: 'hidden',
    },
  };
}

/** The box of an element inside a fixed, full-screen <dialog>, as laid out (its opening slide left out). */
function laidOut(element: HTMLElement, dialog: HTMLDialogElement, within: ScreenBox | null): ScreenBox {
  return {
    top: (within?.top ?? -dialog.scrollTop) + element.offsetTop,
    left: (within?.left ?? 0) + element.offsetLeft,
    width: element.offsetWidth,
    height: element.offsetHeight,
  };
}

/** Follows the open dialog's box (resizes, a scrolled backdrop, a turned phone) and answers the toasts' place. */
export function useToasterPlace(dialog: HTMLDialogElement | null): ToasterPlace | null {
  const [place, setPlace] = useState<ToasterPlace | null>(null);
  useLayoutEffect(() => {
    const box = dialog?.querySelector<HTMLElement>('.modal-dialog');
    if (!dialog || !box) {
      setPlace(null);
      return;
    }
    const measure = () => {
      const outer = laidOut(box, dialog, null);
      const header = box.querySelector<HTMLElement>(':scope > .modal-header');
      const footer = box.querySelector<HTMLElement>(':scope > .modal-footer');
      setPlace(
        toasterPlaceBeside(
          { width: document.documentElement.clientWidth, height: window.innerHeight },
          outer,
          header ? laidOut(header, dialog, outer) : null,
          footer ? laidOut(footer, dialog, outer) : null,
        ),
      );
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    window.addEventListener('resize', measure);
    dialog.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      dialog.removeEventListener('scroll', measure);
    };
  }, [dialog]);
  return dialog ? place : null;
}
