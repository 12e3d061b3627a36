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
  // `include` narrows the check to one part of the page (a screen's new section), for a test about that part.
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('iframe');
  const result = await (options.include ? builder.include(options.include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
