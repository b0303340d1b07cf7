import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { act, useState } from 'react';
import type { ApiKeyScope } from '@shared/api-keys/schemas.ts';
import { render } from '../../../test-support/render.tsx';
import { ScopePicker } from './scope-picker.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

let picked: ApiKeyScope[] = [];

function Harness() {
  const [value, setValue] = useState<Set<ApiKeyScope>>(new Set());
  return <ScopePicker value={value} onChange={(next) => { picked = [...next]; setValue(next); }} />;
}

const box = (label: string) => {
  const element = document.querySelector(`input[aria-label="${label}"]`);
  if (!(element instanceof HTMLInputElement)) throw new Error(label);
  return element;
};

describe('scope picker', () => {
  test('"Alterar" includes reading: its "Ler" shows ticked and locked; "Todas as áreas" covers every area', async () => {
    await render(<Harness />);
    await act(async () => box('Alterar: Contatos').click());
    expect(picked).toEqual(['contacts:write']);
    expect(box('Ler: Contatos').checked).toBe(true);
    expect(box('Ler: Contatos').disabled).toBe(true);
    await act(async () => box('Ler: Todas as áreas').click());
    expect(picked.sort()).toEqual(['*:read', 'contacts:write']);
    expect(box('Ler: Bots').checked && box('Ler: Bots').disabled).toBe(true);
    expect(box('Alterar: Bots').checked).toBe(false);
  });
});
