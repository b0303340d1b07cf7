import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { act, useState } from 'react';
import type { SubscribableEventType } from '@shared/webhooks/events.ts';
import { clickButton, render } from '../../../test-support/render.tsx';
import { EventPicker } from './event-picker.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

let chosen: SubscribableEventType[] = [];
function Picker({ initial }: { initial: SubscribableEventType[] }) {
  const [selected, setSelected] = useState(initial);
  chosen = selected;
  return <EventPicker selected={selected} onChange={setSelected} />;
}

const checkbox = (name: string) => {
  const label = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim().startsWith(name));
  const input = label?.querySelector('input') ?? document.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);
  if (!input) throw new Error(`no checkbox ${name}`);
  return input;
};
const click = (input: HTMLInputElement) => act(async () => input.click());
const counted = () => document.querySelector('[data-testid="events-chosen"]')?.textContent;

describe('EventPicker', () => {
  test('the areas with their pt-BR event names; a partly chosen area shows as mixed', async () => {
    await render(<Picker initial={['contact.updated']} />);
    expect(document.querySelector('[role="group"][aria-label="Contatos"]')).not.toBeNull();
    expect(document.body.textContent).toContain('Mensagem recebida');
    expect(document.body.textContent).not.toContain('Evento de teste');
    expect(checkbox('Todos de Contatos').indeterminate).toBe(true);
    expect(checkbox('Contato atualizado').checked).toBe(true);
    expect(counted()).toBe('1 evento de 20');
  });

  test('an area checkbox completes the area, then empties it', async () => {
    await render(<Picker initial={['contact.updated', 'message.sent']} />);
    await click(checkbox('Todos de Contatos'));
    expect(chosen).toEqual(['contact.created', 'contact.updated', 'message.sent']);
    expect(checkbox('Todos de Contatos').checked).toBe(true);
    expect(checkbox('Todos de Contatos').indeterminate).toBe(false);
    await click(checkbox('Todos de Contatos'));
    expect(chosen).toEqual(['message.sent']);
  });

  test('one event, then every event and none', async () => {
    await render(<Picker initial={[]} />);
    await click(checkbox('Estorno (chargeback)'));
    expect(chosen).toEqual(['access.chargeback']);
    await clickButton('Selecionar todos');
    expect(counted()).toBe('20 eventos de 20');
    await clickButton('Limpar seleção');
    expect(chosen).toEqual([]);
  });
});
