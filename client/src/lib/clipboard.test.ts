import { useDom } from '../test-support/setup-dom.ts';
import { afterEach, expect, test } from 'bun:test';
import { copyText } from './clipboard.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

const setClipboard = (value: unknown) => Object.defineProperty(navigator, 'clipboard', { configurable: true, value });
const setExecCommand = (value: unknown) => Object.defineProperty(document, 'execCommand', { configurable: true, value });

afterEach(() => {
  setClipboard(undefined);
  setExecCommand(undefined);
  document.body.innerHTML = '';
});

test('copies through the Clipboard API when the browser has it', async () => {
  const written: string[] = [];
  setClipboard({ writeText: async (text: string) => void written.push(text) });
  expect(await copyText('<script></script>')).toBe(true);
  expect(written).toEqual(['<script></script>']);
});

test('without the Clipboard API (plain http) the selection copy is used, and leaves nothing behind', async () => {
  const copied: string[] = [];
  setExecCommand((command: string) => {
    copied.push(`${command}:${document.querySelector('textarea')?.value ?? ''}`);
    return true;
  });
  expect(await copyText('https://t.me/+abc')).toBe(true);
  expect(copied).toEqual(['copy:https://t.me/+abc']);
  expect(document.querySelector('textarea')).toBeNull();
});

test('a refused copy reports failure (the toast asks to copy by hand)', async () => {
  setClipboard({ writeText: () => Promise.reject(new Error('NotAllowedError')) });
  setExecCommand(() => false);
  expect(await copyText('x')).toBe(false);
});
