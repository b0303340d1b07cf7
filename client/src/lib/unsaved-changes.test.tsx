import { useDom } from '../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { act } from 'react';
import type { FlowNode } from '@shared/flows/graph.ts';
import { DEFAULT_WELCOME } from '@shared/welcome/schemas.ts';
import { ButtonEditor } from '../features/channels/components/button-editor.tsx';
import { useWelcomeForm } from '../features/channels/hooks/use-welcome-form.ts';
import { ConfigPanel } from '../features/flow-editor/components/panel/config-panel.tsx';
import { render } from '../test-support/render.tsx';
import { hasUnsavedChanges, useUnsavedChanges } from './unsaved-changes.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const click = (name: string) =>
  act(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
    if (!button) throw new Error(`no button "${name}"`);
    button.click();
  });

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

const node: FlowNode = {
  id: crypto.randomUUID(),
  flowId: crypto.randomUUID(),
  type: 'action',
  subType: 'send_buttons',
  label: 'Enviar botões',
  position: { x: 0, y: 0 },
  config: { message: 'Oi', buttons: [[{ text: 'Sim', type: 'callback', value: 'sim' }]] },
  order: 0,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

describe('unsaved typing', () => {
  test('a node draft holds back the update and asks before leaving until Salvar nó hands it over', async () => {
    const saved: unknown[] = [];
    const view = await render(<ConfigPanel node={node} onSave={(patch) => saved.push(patch)} onDelete={() => {}} onClose={() => {}} />);
    expect(hasUnsavedChanges()).toBe(false);
    expect(leaving()).toBe(false);

    await click('Adicionar botão');
    expect(hasUnsavedChanges()).toBe(true);
    expect(leaving()).toBe(true);

    await click('Salvar nó');
    expect(saved).toEqual([
      { label: 'Enviar botões', config: { message: 'Oi', buttons: [[{ text: 'Sim', type: 'callback', value: 'sim' }], [{ text: 'Botão 2', type: 'callback', value: 'flow_pending' }]] } },
    ]);
    expect(hasUnsavedChanges()).toBe(false);
    expect(leaving()).toBe(false);

    await click('Adicionar botão');
    expect(hasUnsavedChanges()).toBe(true);
    // Closing the panel discards the draft on purpose: nothing left to protect.
    await view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  test('a welcome form edit counts until a valid submit hands it to the outbox', async () => {
    let payload: unknown = null;
    function Harness() {
      const form = useWelcomeForm({ ...DEFAULT_WELCOME, message: 'Olá {firstName}' });
      useUnsavedChanges(form.dirty);
      return (
        <>
          <ButtonEditor form={form} />
          <button type="button" onClick={() => (payload = form.validate())}>
            Validar
          </button>
        </>
      );
    }
    await render(<Harness />);
    expect(hasUnsavedChanges()).toBe(false);
    await click('Adicionar botão');
    expect(hasUnsavedChanges()).toBe(true);
    // An empty button is refused: the typing is still only on screen.
    await click('Validar');
    expect(payload).toBeNull();
    expect(hasUnsavedChanges()).toBe(true);
    await click('Remover botão 1');
    await click('Validar');
    expect(payload).toMatchObject({ message: 'Olá {firstName}' });
    expect(hasUnsavedChanges()).toBe(false);
  });
});
