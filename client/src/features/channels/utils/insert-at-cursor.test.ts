import { describe, expect, test } from 'bun:test';
import { insertAtCursor } from './insert-at-cursor.ts';

describe('inserting a variable at the cursor', () => {
  test('inserts at the caret and moves the caret after the insertion', () => {
    expect(insertAtCursor('Olá, bem-vindo!', 3, 3, ' {firstName}')).toEqual({ value: 'Olá {firstName}, bem-vindo!', cursor: 15 });
  });

  test('replaces a selection', () => {
    expect(insertAtCursor('Olá NOME!', 4, 8, '{firstName}')).toEqual({ value: 'Olá {firstName}!', cursor: 15 });
  });

  test('appends when there is no caret', () => {
    expect(insertAtCursor('Olá ', null, null, '{username}')).toEqual({ value: 'Olá {username}', cursor: 14 });
    expect(insertAtCursor('', undefined, undefined, '{channel}')).toEqual({ value: '{channel}', cursor: 9 });
  });

  test('clamps positions outside the text and reversed selections', () => {
    expect(insertAtCursor('abc', 10, 20, 'X')).toEqual({ value: 'abcX', cursor: 4 });
    expect(insertAtCursor('abc', -5, -1, 'X')).toEqual({ value: 'Xabc', cursor: 1 });
    expect(insertAtCursor('abc', 2, 1, 'X')).toEqual({ value: 'abXc', cursor: 3 });
  });
});
