/**
 * Touch targets of at least 24 × 24 CSS px (docs/style.md; WCAG 2.5.8's minimum, held here without its spacing
 * exception: a finger does not aim better because the neighbours are far). Inline links in a sentence are exempt
 * (the rule's own exception), and so are visually hidden controls (a styled switch's real checkbox: the visible
 * control is the target). Only what is on screen counts: a target scrolled away is measured where it shows.
 */
import type { Page } from './test.ts';

export const MIN_TARGET = 24;

/** Every undersized target on screen, as "name (w×h)"; `skip`: selectors whose insides are left out. */
export function smallTargets(page: Page, skip: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ min, skipped }) => {
      const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="checkbox"], [role="tab"], [role="link"]';
      const name = (element: Element) =>
        (element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.textContent?.trim() ?? '').slice(0, 40) || element.tagName.toLowerCase();
      const inline = (element: Element) => element.tagName === 'A' && element.parentElement !== null && ['P', 'LI', 'SPAN', 'TD'].includes(element.parentElement.tagName) && (element.parentElement.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
      const targets = [...document.querySelectorAll(selector)]
        .filter((element) => !skipped.some((rule) => element.closest(rule)))
        .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        // Visually hidden (sr-only: clipped away): the visible control around it is what a finger touches.
        .filter((element) => {
          const style = getComputedStyle(element);
          return style.clipPath !== 'inset(50%)' && !style.clip.startsWith('rect(0');
        })
        // A checkbox or radio inside its <label> is tapped anywhere on the label: the label is its target.
        .map((element) => {
          const label = element.matches('input[type="checkbox"], input[type="radio"]') ? element.closest('label') : null;
          return { element, rect: (label ?? element).getBoundingClientRect() };
        })
        .filter(({ rect }) => rect.width > 1 && rect.height > 1)
        .filter(({ rect }) => rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth);
      return targets
        .filter(({ element, rect }) => (rect.width < min - 0.5 || rect.height < min - 0.5) && !inline(element))
        .map(({ element, rect }) => `${name(element)} (${Math.round(rect.width)}×${Math.round(rect.height)})`);
    },
    { min: MIN_TARGET, skipped: skip },
  );
}
