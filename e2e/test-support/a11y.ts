/** What every screen must pass: no serious or critical axe finding, nothing past the screen's edge. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test.ts';

/** Serious and critical axe (WCAG 2 A/AA) violations of what is on screen now, one line each; `only` narrows it to a selector. */
export async function axeViolations(page: Page, only?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (only ? builder.include(only) : builder).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} → ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(' | ')}`);
}

/** How far the page reaches past the right edge of the screen (0 when it fits). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export async function expectFitsTheScreen(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}
