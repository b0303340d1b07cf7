/**
 * Import this FIRST in a test file that needs a DOM (react-dom decides at import time whether a DOM exists).
 * happy-dom replaces browser globals — including fetch, Request and Response — for the whole `bun test` process, so
 * Bun's own fetch is kept here and the DOM is unregistered after the file, leaving server tests untouched.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { afterAll } from 'bun:test';

/** Bun's fetch, captured before happy-dom swaps the global one: use it (or inject it) to reach a real server. */
export const bunFetch = globalThis.fetch;

if (!GlobalRegistrator.isRegistered) GlobalRegistrator.register({ url: 'http://localhost/' });
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

afterAll(async () => {
  if (GlobalRegistrator.isRegistered) await GlobalRegistrator.unregister();
});
