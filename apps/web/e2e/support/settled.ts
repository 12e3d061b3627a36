import type { Page } from 'playwright-core';

/**
 * Waits until the page has stopped moving, as a person would before reading it: every finite CSS animation
 * and transition (a modal easing in, cards fading in by groups, the message sliding down) has finished, the
 * fonts are in, and two more frames have been painted. Endless ones (a spinner) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { polling: 'raf' },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
