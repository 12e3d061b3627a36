import { useContext, useEffect, useState } from 'react';
import { useAdoptionValue } from '../lib/adoption';
import { ServerPageWidth } from '../lib/serverPageWidth';

/** The spec's size classes and thresholds. */
export type SizeClass = 'mobile' | 'tablet' | 'desktop';
export const TABLET_MIN_WIDTH = 480;
export const DESKTOP_MIN_WIDTH = 1024;
/** Below this width the product cards hide their quantity field. */
export const QUANTITY_INPUT_MIN_WIDTH = 768;
export const RESIZE_THROTTLE_MS = 200;

export function sizeClassOf(width: number): SizeClass {
  if (width < TABLET_MIN_WIDTH) return 'mobile';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

function currentWidth(): number {
  return typeof window === 'undefined' ? DESKTOP_MIN_WIDTH : window.innerWidth;
}

/** The window width, updated at most every 200 ms while the window is being resized. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(currentWidth);
  useEffect(() => {
    let timer: number | null = null;
    let last = 0;
    const update = () => {
      last = Date.now();
      timer = null;
      setWidth(currentWidth());
    };
    const onResize = () => {
      if (timer !== null) return;
      const wait = Math.max(0, RESIZE_THROTTLE_MS - (Date.now() - last));
      timer = window.setTimeout(update, wait);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer !== null) window.clearTimeout(timer);
    };
  }, []);
  return width;
}

interface SizeChoices {
  sizeClass: SizeClass;
  showQuantityInput: boolean;
}

const CHOICES: ReadonlyMap<string, SizeChoices> = new Map(
  (['mobile', 'tablet', 'desktop'] as const).flatMap((sizeClass) =>
    [false, true].map((showQuantityInput) => [
      `${sizeClass} ${showQuantityInput}`,
      { sizeClass, showQuantityInput },
    ]),
  ),
);

const choicesKey = (width: number) => `${sizeClassOf(width)} ${width >= QUANTITY_INPUT_MIN_WIDTH}`;

/**
 * What the window's width decides on the storefront. While the app adopts a page the server wrote, what that
 * page was drawn for (lib/serverPageWidth.ts); the window's own follows in the render after, and only where
 * it differs, so a right guess costs no render at all.
 */
export function useSizeClass(): SizeChoices {
  const width = useWindowWidth();
  const serverWidth = useContext(ServerPageWidth) ?? DESKTOP_MIN_WIDTH;
  const key = useAdoptionValue(
    () => choicesKey(width),
    () => choicesKey(serverWidth),
  );
  return (
    CHOICES.get(key) ?? {
      sizeClass: sizeClassOf(width),
      showQuantityInput: width >= QUANTITY_INPUT_MIN_WIDTH,
    }
  );
}
