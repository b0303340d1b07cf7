/**
 * While the editor is open its toasts start below its header, so they never cover the header's actions (Salvar
 * above all), on a phone as on a laptop: the Toaster reads its top offset from --toast-offset-top.
 */
import { useLayoutEffect, type RefObject } from 'react';

const GAP = 8;

export function useToastsBelow(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty('--toast-offset-top', `${Math.round(element.getBoundingClientRect().bottom + GAP)}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty('--toast-offset-top');
    };
  }, [header]);
}
