import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { act, useState } from 'react';
import { DEFAULT_WELCOME } from '@shared/welcome/schemas.ts';
import { getByLabel, render } from '../../../test-support/render.tsx';
import { useWelcomeForm } from '../hooks/use-welcome-form.ts';
import { toEditableButtons } from '../utils/button-list.ts';
import { ButtonEditor } from './button-editor.tsx';
import { MessageEditor } from './message-editor.tsx';
import { WelcomePreview } from './welcome-preview.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const click = (element: Element | null | undefined) =>
  act(async () => {
    (element as HTMLElement | null)?.click();
  });
const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === name);

describe('live preview', () => {
  test('renders Telegram formatting with the sample values, escaped, and the keyboard', async () => {
    const buttons = toEditableButtons([
      { text: 'Site', value: 'https://exemplo.com' },
      { text: 'Mais', value: 'mais' },
    ]);
    await render(<WelcomePreview message={'<b>Olá {firstName}</b> <i>{username}</i>\n<a href="https://t.me/x">link</a>'} buttons={buttons} />);
    const bubble = document.querySelector('[data-testid="welcome-preview-text"]');
    expect(bubble?.innerHTML).toBe('<strong>Olá João</strong> <em>@joaosilva</em>\n<a href="https://t.me/x" target="_blank" rel="noopener noreferrer nofollow" class="text-sky-600 underline">link</a>');
    expect([...document.querySelectorAll('[aria-label="Botões da mensagem"] li')].map((item) => item.textContent)).toEqual(['Site', 'Mais']);
  });

  test('never turns typed markup into elements and warns where Telegram would refuse', async () => {
    await render(<WelcomePreview message={'<img src=x onerror="alert(1)"> <script>alert(2)</script>'} buttons={[]} />);
    const bubble = document.querySelector('[data-testid="welcome-preview-text"]');
    expect(bubble?.querySelector('img, script')).toBeNull();
    expect(bubble?.textContent).toBe('<img src=x onerror="alert(1)"> <script>alert(2)</script>');
    expect(document.body.textContent).toContain('O Telegram vai recusar esta mensagem: a tag <img> não é suportada pelo Telegram.');
  });

  test('a javascript: link is shown as text, not as a link', async () => {
    await render(<WelcomePreview message={'<a href="javascript:alert(1)">clique</a>'} buttons={[]} />);
    expect(document.querySelector('[data-testid="welcome-preview-text"] a')).toBeNull();
    expect(document.querySelector('[data-testid="welcome-preview-text"]')?.textContent).toBe('clique');
  });
});

describe('message editor', () => {
  function Harness({ initial }: { initial: string }) {
    const [value, setValue] = useState(initial);
    return <MessageEditor value={value} onChange={setValue} />;
  }

  test('inserts a variable at the caret and leaves the caret after it', async () => {
    await render(<Harness initial="Olá, bem-vindo!" />);
    const textarea = getByLabel('Mensagem') as HTMLTextAreaElement;
    await act(async () => {
      textarea.focus();
      textarea.setSelectionRange(5, 5);
    });
    await click(buttonNamed('{firstName}'));
    expect(textarea.value).toBe('Olá, {firstName}bem-vindo!');
    expect(textarea.selectionStart).toBe(16);
    await click(buttonNamed('{channel}'));
    expect(textarea.value).toBe('Olá, {firstName}{channel}bem-vindo!');
    expect(textarea.selectionStart).toBe(25);
  });

  test('appends when the text area was never focused', async () => {
    await render(<Harness initial="Oi " />);
    await click(buttonNamed('{username}'));
    expect((getByLabel('Mensagem') as HTMLTextAreaElement).value).toBe('Oi {username}');
  });
});

describe('button editor', () => {
  function Harness() {
    const form = useWelcomeForm(DEFAULT_WELCOME);
    return <ButtonEditor form={form} />;
  }

  test('allows four buttons, then disables adding and says why', async () => {
    await render(<Harness />);
    for (let i = 0; i < 4; i++) await click(buttonNamed('Adicionar botão'));
    expect(document.querySelectorAll('fieldset fieldset')).toHaveLength(4);
    expect(buttonNamed('Adicionar botão')?.disabled).toBe(true);
    expect(document.body.textContent).toContain('Máximo de 4 botões permitidos');
    await click(document.querySelector('[aria-label="Remover botão 2"]'));
    expect(document.querySelectorAll('fieldset fieldset')).toHaveLength(3);
    expect(buttonNamed('Adicionar botão')?.disabled).toBe(false);
  });

  test('shows the type each value gives', async () => {
    function Saved() {
      const form = useWelcomeForm({
        ...DEFAULT_WELCOME,
        buttons: [
          { text: 'Site', value: 'https://exemplo.com', type: 'url' },
          { text: 'Mais', value: 'saber_mais', type: 'callback' },
        ],
      });
      return <ButtonEditor form={form} />;
    }
    await render(<Saved />);
    const types = [...document.querySelectorAll('fieldset fieldset')].map((row) => /Tipo: (Link|Ação no bot)/.exec(row.textContent ?? '')?.[1]);
    expect(types).toEqual(['Link', 'Ação no bot']);
  });
});
