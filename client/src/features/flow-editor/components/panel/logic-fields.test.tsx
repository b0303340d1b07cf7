import { useDom } from '../../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { availableVariablesKey } from '../../api/get-available-variables.ts';
import { getByLabel, render } from '../../../../test-support/render.tsx';
import { VARIABLE_PATH_TEXTS } from '../../model/variable-path.ts';
import { IfElseFields } from './logic-fields.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const FLOW = '00000000-0000-4000-8000-000000000001';

async function renderFields(variable: string, server?: { path: string; type: 'string' | 'number' | 'object'; description: string; example: string }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (server) client.setQueryData(availableVariablesKey(FLOW), server);
  await render(
    <QueryClientProvider client={client}>
      <IfElseFields flowId={FLOW} config={{ variable, operator: 'equals', value: '' }} set={() => {}} />
    </QueryClientProvider>,
  );
}

const suggestions = (input: HTMLElement) => [...(document.getElementById(input.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((o) => o.value);

describe('if_else variable field', () => {
  test('is a free text field that keeps a path inside the HTTP response', async () => {
    await renderFields('http.body.pedido.status');
    const input = getByLabel('Variável');
    expect(input.tagName).toBe('INPUT');
    expect((input as HTMLInputElement).value).toBe('http.body.pedido.status');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  test('suggests the shared variables without the server, and what the server adds when it answered', async () => {
    await renderFields('');
    expect(suggestions(getByLabel('Variável'))).toContain('http.body.');
    document.body.innerHTML = '';
    await renderFields('', [{ path: 'http.body.pedido', type: 'string', description: 'Pedido', example: '1' }]);
    expect(suggestions(getByLabel('Variável'))).toEqual(expect.arrayContaining(['contact.firstName', 'http.status', 'http.body.pedido']));
  });

  test('shows the pt-BR error of an invalid path', async () => {
    await renderFields('http body');
    expect(getByLabel('Variável').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain(VARIABLE_PATH_TEXTS.invalid);
  });
});
