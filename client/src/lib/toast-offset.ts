/**
 * Keeps toasts below a header, so they never cover its title, actions or menu button (on a phone sonner's default
 * 16 px would sit on top of it): where the header ends, plus a gap, is published as a CSS variable the root Toaster
 * reads, and follows the header's size and the window's. The shell's header sets --shell-toast-top; a screen with a
 * header of its own below it (the flow editor) sets --toast-offset-top, which wins.
 */
import { useLayoutEffect, type RefObject } from 'react';

const GAP = 8;

export type ToastOffsetVariable = '--shell-toast-top' | '--toast-offset-top';

/** `bottomOf` says where the header ends, in px from the top of the viewport; pass a stable (module-level) function. */
export function useToastOffset(header: RefObject<HTMLElement | null>, variable: ToastOffsetVariable, bottomOf: (header: HTMLElement) => number) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty(variable, `${Math.round(bottomOf(element) + GAP)}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(variable);
    };
  }, [header, variable, bottomOf]);
}
