import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { render } from '../../../test-support/render.tsx';
import { TelegramPreview } from './telegram-preview.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

describe('broadcast preview', () => {
  test('bold and italic rendered as elements, markup never injected, button rows with the fallback label', async () => {
    await render(
      <TelegramPreview
        mediaType=""
        mediaUrl=""
        text={'Olá <b>Ana</b>, veja <i>isto</i> &lt;script&gt;'}
        rows={[
          { buttons: [{ text: 'Site', type: 'url' }, { text: '  ', type: 'callback' }] },
          { buttons: [{ text: 'Quero', type: 'callback' }] },
        ]}
      />,
    );
    const text = document.querySelector('[data-testid="preview-text"]');
    expect(text?.querySelector('strong')?.textContent).toBe('Ana');
    expect(text?.querySelector('em')?.textContent).toBe('isto');
    expect(text?.querySelector('script')).toBeNull();
    expect(text?.textContent).toContain('<script>');
    const rows = [...document.querySelectorAll('[data-testid="preview-button-row"]')].map((row) => [...row.children].map((button) => button.textContent));
    expect(rows).toEqual([['Site', 'Botão'], ['Quero']]);
  });

  test('an address hiding a direction override shows it as a named mark, in the text and in a link', async () => {
    await render(<TelegramPreview mediaType="" mediaUrl="" text={'baixe https://evil.example/\u202Egpj.exe ou <a href="https://x.example">x.example/\u200Ba</a>'} rows={[]} />);
    const text = document.querySelector('[data-testid="preview-text"]');
    expect([...(text?.querySelectorAll('[role="img"]') ?? [])].map((mark) => mark.getAttribute('aria-label'))).toEqual([
      'Caractere invisível U+202E: controla a direção do texto',
      'Caractere invisível U+200B: largura zero',
    ]);
    expect(text?.textContent).toBe('baixe https://evil.example/⟨U+202E⟩gpj.exe ou x.example/⟨U+200B⟩a');
  });

  test('media first (a chip for a document), the caption under it; a tag Telegram refuses is reported', async () => {
    await render(<TelegramPreview mediaType="DOCUMENT" mediaUrl="https://exemplo.com/tabela.pdf" text="<blink>oi</blink>" rows={[]} />);
    expect(document.querySelector('[data-testid="preview-media"]')?.textContent).toContain('Arquivo');
    expect(document.querySelector('[data-testid="preview-media"]')?.textContent).toContain('tabela.pdf');
    expect(document.body.textContent).toContain('O Telegram vai recusar esta mensagem');
  });

  test('a file name decoded from the address shows the override it hides', async () => {
    await render(<TelegramPreview mediaType="DOCUMENT" mediaUrl="https://exemplo.com/fatura%E2%80%AEfdp.exe" text="" rows={[]} />);
    expect(document.querySelector('[data-testid="preview-media"]')?.textContent).toContain('fatura⟨U+202E⟩fdp.exe');
  });

  test('an image by URL is shown as an image', async () => {
    await render(<TelegramPreview mediaType="IMAGE" mediaUrl="https://exemplo.com/foto.png" text="" rows={[]} />);
    expect(document.querySelector('img[data-testid="preview-media"]')?.getAttribute('src')).toBe('https://exemplo.com/foto.png');
    expect(document.querySelector('[data-testid="preview-text"]')).toBeNull();
  });
});
