import { useDom } from '../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { act, useState } from 'react';
import { getByLabel, render } from '../../test-support/render.tsx';
import { Button } from './button.tsx';
import { Input } from './input.tsx';
import { Modal } from './modal.tsx';
import { Textarea } from './textarea.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

describe('form pieces', () => {
  test('an input is bound to its label and announces its error', async () => {
    await render(<Input label="Email" required error="Email inválido" helperText="Seu email de acesso" />);
    const input = getByLabel('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.hasAttribute('required')).toBe(true);
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Email inválido');
    // The asterisk is decoration: it must not become part of the accessible name.
    expect(document.querySelector('label span')?.getAttribute('aria-hidden')).toBe('true');
  });

  test('helper text describes the field while there is no error', async () => {
    await render(<Textarea label="Mensagem" helperText="Mínimo de 6 caracteres" />);
    const textarea = getByLabel('Mensagem');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById(textarea.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Mínimo de 6 caracteres');
  });

  test('a loading button keeps its name, is disabled and busy', async () => {
    const { container } = await render(<Button loading>Entrar</Button>);
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('Entrar');
    expect(button?.disabled).toBe(true);
    expect(button?.getAttribute('aria-busy')).toBe('true');
    expect(button?.getAttribute('type')).toBe('button');
  });
});

describe('modal', () => {
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <Modal open={open} onClose={() => setOpen(false)} title="Adicionar bot" size="lg">
          <input aria-label="Token" />
        </Modal>
        <p data-testid="state">{open ? 'aberto' : 'fechado'}</p>
      </>
    );
  }

  test('is a dialog named by its title, focused inside, closed by Esc', async () => {
    await render(<Harness />);
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Adicionar bot');
    expect(dialog?.className).toContain('sm:max-w-lg');
    expect(dialog?.contains(document.activeElement)).toBe(true);
    await act(async () => {
      dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.querySelector('[data-testid="state"]')?.textContent).toBe('fechado');
  });

  test('closes on a backdrop click', async () => {
    await render(<Harness />);
    await act(async () => {
      (document.querySelector('[data-testid="modal-backdrop"]') as HTMLElement | null)?.click();
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
