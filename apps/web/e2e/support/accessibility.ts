import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical WCAG 2 A/AA problems axe finds on the page as it stands, one line each, named by
 * `where`. Embedded frames (the map comes from another site) are not ours to fix, so they are left out.
 */
export async function accessibilityProblems(
  page: Page,
  where: string,
  options: { include?: string } = {},
): Promise<string[]> {
  // Colours are read as painted: a dialog still fading in (the Modal's opening transition) has every text at
  // part opacity, which axe reports as low contrast. Finite animations end first; endless ones (a spinner)
  // are not waited for, and a page whose transitions never settle is checked as it is after 5 s.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // `include` narrows the check to one part of the page (a screen's new section), for a test about that part.
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('iframe');
  const result = await (options.include ? builder.include(options.include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
