/**
 * Import this FIRST in a test file that needs a DOM (react-dom decides at import time whether a DOM exists), then
 * call `useDom()` at the top level of that file.
 * happy-dom replaces browser globals — including fetch, Request and Response — for the whole `bun test` process, so
 * Bun's own fetch is kept here and the DOM is unregistered after each DOM file, leaving server tests untouched.
 * The module is evaluated once per process, so the per-file (re)registration lives in `useDom`, not at import time.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { afterAll, beforeAll } from 'bun:test';

/** Bun's fetch, captured before happy-dom swaps the global one: use it (or inject it) to reach a real server. */
export const bunFetch = globalThis.fetch;

function register() {
  if (!GlobalRegistrator.isRegistered) GlobalRegistrator.register({ url: 'http://localhost/' });
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
}

register();

/** Gives the calling test file a DOM for its tests and takes it away after them. */
export function useDom() {
  beforeAll(register);
  afterAll(async () => {
    if (GlobalRegistrator.isRegistered) await GlobalRegistrator.unregister();
  });
}
