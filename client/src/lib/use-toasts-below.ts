/**
 * Toasts start below a header, so they never cover its title or its actions (on a phone sonner's default 16 px
 * would sit on top of them): where the header ends, plus a gap, is published as a CSS variable the root Toaster
 * reads. The shell's sticky header publishes --shell-toast-top on every screen; a screen with a header of its own
 * below it (the flow editor) publishes --toast-offset-top, which wins. A column docked at the right edge under that
 * header (the editor's node panel) publishes --toast-offset-right (useToastsLeftOf): toasts then stand left of it,
 * never over its close button — a toast under the pointer stays as long as the pointer does.
 */
import { useLayoutEffect, type RefObject } from 'react';

const GAP = 8;

type Placement = {
  variable: '--shell-toast-top' | '--toast-offset-top';
  /** Sticky at the top: its height is where it ends, whatever the scroll position; otherwise its bottom edge. */
  sticky: boolean;
};

type Variable = Placement['variable'] | '--toast-offset-right';

const heightOf = (element: HTMLElement) => element.offsetHeight;
const bottomOf = (element: HTMLElement) => element.getBoundingClientRect().bottom;
const leftFromRightEdge = (element: HTMLElement) => window.innerWidth - element.getBoundingClientRect().left;

export function useToastsBelow(header: RefObject<HTMLElement | null>, { variable, sticky }: Placement) {
  usePublishedOffset(header, variable, sticky ? heightOf : bottomOf, true);
}

/** While `enabled`, toasts keep to the left of `column` (its left edge, plus the gap, from the viewport's right). */
export function useToastsLeftOf(column: RefObject<HTMLElement | null>, enabled: boolean) {
  usePublishedOffset(column, '--toast-offset-right', leftFromRightEdge, enabled);
}

/** `measure(element)` plus the gap, as `variable` on the root, kept current as the element or the window resizes. */
function usePublishedOffset(ref: RefObject<HTMLElement | null>, variable: Variable, measure: (element: HTMLElement) => number, enabled: boolean) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty(variable, `${Math.round(measure(element) + GAP)}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(variable);
    };
  }, [ref, variable, measure, enabled]);
}
