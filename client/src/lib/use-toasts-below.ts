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

export function useToastsBelow(header: RefObject<HTMLElement | null>, { variable, sticky }: Placement) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const end = () => (sticky ? element.offsetHeight : element.getBoundingClientRect().bottom);
    const place = () => root.style.setProperty(variable, `${Math.round(end() + GAP)}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(variable);
    };
  }, [header, variable, sticky]);
}

/** While `enabled`, toasts keep to the left of `column` (its left edge, plus the gap, from the viewport's right). */
export function useToastsLeftOf(column: RefObject<HTMLElement | null>, enabled: boolean) {
  useLayoutEffect(() => {
    const element = column.current;
    if (!element || !enabled) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty('--toast-offset-right', `${Math.round(window.innerWidth - element.getBoundingClientRect().left + GAP)}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty('--toast-offset-right');
    };
  }, [column, enabled]);
}
