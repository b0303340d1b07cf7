import { useDom } from '../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { useState } from 'react';
import type { VariableSyntax } from '@shared/flows/variables.ts';
import { render } from '../test-support/render.tsx';
import { VariableTextarea } from './variable-textarea.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

function Harness({ initial, syntax }: { initial: string; syntax: VariableSyntax }) {
  const [value, setValue] = useState(initial);
  return <VariableTextarea aria-label="Texto" syntax={syntax} controlClassName="" value={value} onChange={setValue} />;
}

const area = () => document.querySelector('textarea') as HTMLTextAreaElement;

const options = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.querySelector('.font-mono')?.textContent);
const warnings = () => [...document.querySelectorAll('[aria-label="Variáveis desconhecidas"] li')].map((li) => li.textContent);

describe('variables in the flow editor', () => {
  test('an unknown variable is highlighted and flagged with a suggestion; known ones are highlighted only', async () => {
    await render(<Harness initial="Oi {first_name}! {{now.date}}" syntax="flow" />);
    expect(area().value).toBe('Oi {first_name}! {{now.date}}');
    expect([...document.querySelectorAll('mark')].map((m) => m.dataset.variable)).toEqual(['unknown', 'known']);
    expect(warnings()).toEqual(['Variável desconhecida: {first_name} — você quis dizer {{contact.firstName}}?']);
    expect(document.querySelector('mark')?.dataset.variable).toBe('unknown');
  });
});

describe('variables in the welcome form', () => {
  test('the four welcome names are known, and the flow syntax is flagged with the welcome name it meant', async () => {
    await render(<Harness initial="Olá {firstName} de {channel}, {{contact.firstName}}" syntax="welcome" />);
    expect(warnings()).toEqual(['Variável desconhecida: {{contact.firstName}} — você quis dizer {firstName}?']);
    expect([...document.querySelectorAll('mark')].map((m) => [m.textContent, m.dataset.variable])).toEqual([
      ['{firstName}', 'known'],
      ['{channel}', 'known'],
      ['{{contact.firstName}}', 'unknown'],
    ]);
    expect(options()).toEqual([]);
  });
});
