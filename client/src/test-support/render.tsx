import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Mounts a tree into a fresh container; returns it and an unmount. For tests that imported setup-dom.ts first. */
export async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  return {
    container,
    rerender: (next: ReactNode) => act(async () => root.render(next)),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** The form control whose <label> reads `text` (what Playwright's getByLabel finds). */
export function getByLabel(text: string): HTMLElement {
  const label = [...document.querySelectorAll('label')].find((element) => element.textContent?.replace('*', '').trim() === text);
  const control = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!control) throw new Error(`no control labelled "${text}"`);
  return control;
}
