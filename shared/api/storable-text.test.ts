import { describe, expect, test } from 'bun:test';
import { findUnstorableText, isStorableText, storableString, UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';

describe('storable text', () => {
  test('refuses NUL and unpaired surrogates, keeps paired ones (emoji)', () => {
    expect(['a\u0000', '\ud800', 'x\udc00y', '\ud83d'].map(isStorableText)).toEqual([false, false, false, false]);
    expect(['😀', 'ção', ''].map(isStorableText)).toEqual([true, true, true]);
  });

  test('storableString answers the pt-BR text and keeps chaining', () => {
    const name = storableString().trim().min(2);
    expect(name.safeParse(' ok ').data).toBe('ok');
    expect(name.safeParse('o\u0000k').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  test('finds the path of a bad text or key anywhere in a value', () => {
    expect(findUnstorableText({ a: [1, 'ok', { b: '\ud800' }] })).toEqual(['a', 2, 'b']);
    expect(findUnstorableText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnstorableText({ a: ['fine', 2, null] })).toBeUndefined();
  });

  test('walks 100 000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findUnstorableText(deep)?.length).toBe(100_000);
    expect(findUnstorableText(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBeUndefined();
  });
});
