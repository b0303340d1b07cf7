import { useDom } from '../../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FlowNode } from '@shared/flows/graph.ts';
import { render } from '../../../../test-support/render.tsx';
import { ConfigPanel } from './config-panel.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const node = (config: Record<string, unknown>): FlowNode => ({
  id: '00000000-0000-4000-8000-000000000002', flowId: '00000000-0000-4000-8000-000000000001', type: 'action', subType: 'send_text',
  label: 'Enviar texto', position: { x: 0, y: 0 }, config, order: 1, createdAt: '2026-11-27T10:00:00Z', updatedAt: '2026-11-27T10:00:00Z',
});

async function panelWith(config: Record<string, unknown>) {
  const saved: unknown[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  await render(
    <QueryClientProvider client={client}>
      <ConfigPanel node={node(config)} onSave={(patch) => saved.push(patch)} onDelete={() => {}} onClose={() => {}} />
    </QueryClientProvider>,
  );
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Salvar'));
  button?.click();
  await Bun.sleep(0);
  return saved;
}

describe('node panel', () => {
  test('a text Telegram cannot parse is not saved: the panel names the tag and keeps the draft', async () => {
    const saved = await panelWith({ message: 'Olá <b>Ana', parseMode: 'HTML' });
    expect(saved).toEqual([]);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('A tag <b> foi aberta e não foi fechada.');
  });

  test('a text that parses is saved', async () => {
    const saved = await panelWith({ message: 'Olá <b>Ana</b>', parseMode: 'HTML' });
    expect(saved).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
