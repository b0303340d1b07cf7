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

/**
 * Types as a user would for React under happy-dom: happy-dom's document has no `oninput`, so React watches text inputs
 * through its focus + key polyfill; the value goes through the prototype's setter so React's value tracker sees a change.
 */
export const typeInto = (input: HTMLInputElement, text: string) =>
  act(async () => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true }));
  });

/** Clicks the button whose text reads `name`, as Playwright's getByRole('button', { name }) would find it. */
export const clickButton = (name: string) =>
  act(async () => {
    [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name)?.click();
  });
