import { useDom } from '../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { ApiError } from '../lib/api-client.ts';
import { clickButton as click, getByLabel, render, typeInto } from '../test-support/render.tsx';
import { PasswordConfirmDialog, type DeletionImpactView } from './password-confirm-dialog.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const LABEL = 'Digite sua senha para confirmar';
const impact: DeletionImpactView = {
  lines: ['2 bots', '1 contato'],
  failed: false,
  failedText: 'Não foi possível contar.',
  loadingLabel: 'Contando',
  emptyText: 'Nada além do cadastro.',
  note: 'Os bots são desligados.',
};

const fieldError = () => document.getElementById(getByLabel(LABEL).getAttribute('aria-describedby') ?? '')?.textContent;

function renderDialog(onConfirm: (password: string) => Promise<void>, view: DeletionImpactView = impact) {
  return render(
    <PasswordConfirmDialog
      formId="excluir-teste"
      title="Excluir o teste?"
      confirmLabel="Excluir teste"
      impact={view}
      passwordRequired="Digite sua senha."
      failedText="Não foi possível excluir."
      onConfirm={onConfirm}
      onClose={() => {}}
    />,
  );
}

describe('password confirm dialog', () => {
  test('lists what goes; the password is required before anything is called', async () => {
    const calls: string[] = [];
    await renderDialog(async (password) => void calls.push(password));
    expect([...document.querySelectorAll('[aria-label="O que será excluído"] li')].map((item) => item.textContent)).toEqual(['2 bots', '1 contato']);
    await click('Excluir teste');
    expect(calls).toEqual([]);
    expect(getByLabel(LABEL).getAttribute('aria-invalid')).toBe('true');
    expect(fieldError()).toBe('Digite sua senha.');
  });

  test('confirming calls back with the typed password', async () => {
    const calls: string[] = [];
    await renderDialog(async (password) => void calls.push(password));
    await typeInto(getByLabel(LABEL) as HTMLInputElement, 'segredo-123');
    await click('Excluir teste');
    expect(calls).toEqual(['segredo-123']);
  });

  test("the server's password error is shown under the field; other refusals above it", async () => {
    let refusal = new ApiError(401, 'invalid_password', 'Senha incorreta.', { password: 'Senha incorreta.' });
    await renderDialog(async () => {
      throw refusal;
    });
    await typeInto(getByLabel(LABEL) as HTMLInputElement, 'errada');
    await click('Excluir teste');
    expect(fieldError()).toBe('Senha incorreta.');
    expect(document.querySelector('[role="alert"]')).toBeNull();
    const confirm = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'Excluir teste');
    expect(confirm?.disabled).toBe(false);

    refusal = new ApiError(500, 'internal', 'Algo deu errado.');
    await click('Excluir teste');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Algo deu errado.');
  });

  test('while the server counts a busy placeholder stands in; a failed count says so', async () => {
    const { rerender } = await renderDialog(async () => {}, { ...impact, lines: undefined });
    expect(document.querySelector('[aria-busy="true"][aria-label="Contando"]')).not.toBeNull();
    await rerender(
      <PasswordConfirmDialog formId="f" title="t" confirmLabel="c" impact={{ ...impact, failed: true }} passwordRequired="r" failedText="x" onConfirm={async () => {}} onClose={() => {}} />,
    );
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Não foi possível contar.');
  });
});
