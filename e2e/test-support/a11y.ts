/** What every screen must pass: no serious or critical axe finding, nothing past the screen's edge. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test.ts';

/**
 * Serious and critical axe (WCAG 2 A/AA) violations of what is on screen now, one line each; `only` narrows it to a
 * selector. A screen's check leaves the toasts out: one can start fading while axe reads the page (half transparent,
 * its text fails contrast against whatever is behind it); their contrast has a test of its own (accessibility.e2e.ts,
 * the toasts held still), which passes `only`.
 */
export async function axeViolations(page: Page, only?: string) {
  await toastsAtRest(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (only ? builder.include(only) : builder.exclude('[data-sonner-toaster]')).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} → ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(' | ')}`);
}

/**
 * A toast fading in or out is half transparent, so axe would read its text against the page behind it: the check waits
 * until no toast is mid-transition (their contrast at rest is checked by accessibility.e2e.ts, hovered still).
 */
async function toastsAtRest(page: Page) {
  await page
    .waitForFunction(() =>
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (toast) => toast.getAttribute('data-removed') !== 'true' && toast.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running'),
      ),
    undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

/** How far the page reaches past the right edge of the screen (0 when it fits). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export async function expectFitsTheScreen(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}
