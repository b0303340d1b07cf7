/**
 * Toasts start below the shell's sticky header on every screen, so they never cover its title, sync state or menu
 * button (on a phone sonner's default 16 px would sit on top of it): the header's bottom edge, plus a gap, is
 * published as --shell-toast-top, which the root Toaster reads. A screen with a header of its own below it (the
 * flow editor) moves them further down through --toast-offset-top, which wins.
 */
import { useLayoutEffect, type RefObject } from 'react';

const GAP = 8;

export function useToastsBelowHeader(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    // Sticky at the top: its height is where it ends, whatever the scroll position.
    const place = () => root.style.setProperty('--shell-toast-top', `${Math.round(element.offsetHeight + GAP)}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-toast-top');
    };
  }, [header]);
}
