import { useDom } from '../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { X } from 'lucide-react';
import { render } from '../../test-support/render.tsx';
import { CardGrid, CardGridStates } from './card-grid.tsx';
import { IconButton } from './icon-button.tsx';
import { ModalFormActions } from './modal-form-actions.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

function Bots({ items }: { items: readonly string[] | undefined }) {
  return (
    <CardGridStates items={items} failed={false} errorMessage="Erro" loadingLabel="Carregando bots" skeletonHeight="h-40" empty={<p>Nenhum bot</p>}>
      {(list) => (
        <CardGrid label="Bots cadastrados">
          {list.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </CardGrid>
      )}
    </CardGridStates>
  );
}

describe('card grid', () => {
  test('loading is a busy list of placeholders named for what loads', async () => {
    await render(<Bots items={undefined} />);
    const list = document.querySelector('ul');
    expect(list?.getAttribute('aria-busy')).toBe('true');
    expect(list?.getAttribute('aria-label')).toBe('Carregando bots');
    expect(list?.querySelectorAll('li').length).toBe(3);
  });

  test('an empty list shows the empty state; items show as a named list', async () => {
    const { rerender } = await render(<Bots items={[]} />);
    expect(document.body.textContent).toBe('Nenhum bot');
    await rerender(<Bots items={['Loja', 'Suporte']} />);
    const list = document.querySelector('ul');
    expect(list?.getAttribute('aria-label')).toBe('Bots cadastrados');
    expect(list?.hasAttribute('aria-busy')).toBe(false);
    expect([...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual(['Loja', 'Suporte']);
  });
});

describe('buttons', () => {
  test('an icon button is named by its label, the icon hidden', async () => {
    const { container } = await render(<IconButton icon={X} label="Fechar" />);
    const button = container.querySelector('button');
    expect(button?.getAttribute('aria-label')).toBe('Fechar');
    expect(button?.getAttribute('type')).toBe('button');
    expect(button?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  test("a modal form's submit targets the form and is described by the hint", async () => {
    const { container } = await render(<ModalFormActions formId="f" submitLabel="Criar" onCancel={() => {}} submitDisabled hint="Para criar: dê um nome." />);
    const [cancel, submit] = [...container.querySelectorAll('button')];
    expect(cancel?.textContent).toBe('Cancelar');
    expect(submit?.getAttribute('type')).toBe('submit');
    expect(submit?.getAttribute('form')).toBe('f');
    expect(submit?.disabled).toBe(true);
    expect(document.getElementById(submit?.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Para criar: dê um nome.');
  });
});
