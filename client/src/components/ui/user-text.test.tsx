import { useDom } from '../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { render } from '../../test-support/render.tsx';
import { UserText } from './user-text.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const RLO = '\u202E';

describe('UserText', () => {
  test('isolates a name in a <bdi> of its own direction, the text untouched', async () => {
    const { container } = await render(
      <p>
        <UserText>{`${RLO}evil`}</UserText> · ID 42
      </p>,
    );
    const bdi = container.querySelector('bdi');
    expect(bdi?.getAttribute('dir')).toBe('auto');
    expect(bdi?.textContent).toBe(`${RLO}evil`);
    expect(container.querySelector('p')?.textContent).toBe(`${RLO}evil · ID 42`);
    expect(container.querySelector('[role="img"]')).toBeNull();
  });

  test('reveal="links" marks the invisible characters of an address with an accessible name, and only there', async () => {
    const { container } = await render(<UserText reveal="links">{`${RLO}oi https://evil.example/${RLO}gpj.exe`}</UserText>);
    const marks = [...container.querySelectorAll('[role="img"]')];
    expect(marks).toHaveLength(1);
    expect(marks[0]?.getAttribute('aria-label')).toBe('Caractere invisível U+202E: controla a direção do texto');
    expect(marks[0]?.getAttribute('dir')).toBe('ltr');
    expect(container.textContent).toBe(`${RLO}oi https://evil.example/⟨U+202E⟩gpj.exe`);
  });

  test('reveal="all" marks every invisible character (a file name); nothing to show renders an empty isolate', async () => {
    const { container } = await render(
      <>
        <UserText reveal="all">{'fatura\u200Bfdp.exe'}</UserText>
        <UserText>{null}</UserText>
      </>,
    );
    expect(container.querySelector('[data-invisible-char]')?.getAttribute('data-invisible-char')).toBe('U+200B');
    expect(container.querySelectorAll('bdi')[1]?.textContent).toBe('');
  });
});
