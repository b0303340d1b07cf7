import { useDom } from '../../../../test-support/setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { FlowNode } from '@shared/flows/graph.ts';
import { engineFor, wipeUserData, type SyncEngine } from '../../../../offline/engine.ts';
import { OfflineProvider } from '../../../../offline/provider.tsx';
import { createFakeSyncApi } from '../../../../offline/test-support/fake-sync-api.ts';
import { bot, flow, uuid } from '../../../../offline/test-support/fixtures.ts';
import { getByLabel } from '../../../../test-support/render.tsx';
import { renderInRouter } from '../../../../test-support/render-in-router.tsx';
import type { AccessPlanOption } from '../../api/access-plan-options.ts';
import { ConfigPanel } from './config-panel.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

const api = createFakeSyncApi();
let engine: SyncEngine;
let users = 0;
let view: Awaited<ReturnType<typeof renderInRouter>> | null = null;

beforeAll(() => api.install());
afterAll(() => api.uninstall());
beforeEach(() => {
  api.reset();
  engine = engineFor(`access-trigger-test-${++users}`);
});
afterEach(async () => {
  await view?.unmount();
  view = null;
  await wipeUserData(engine.userId);
  document.body.innerHTML = '';
});

const FLOW_ID = uuid(10);
const node = (config: Record<string, unknown>): FlowNode => ({
  id: uuid(20), flowId: FLOW_ID, type: 'trigger', subType: 'trigger_access', label: 'Acesso pago', position: { x: 0, y: 0 }, config, order: 0,
  createdAt: '2026-11-27T10:00:00Z', updatedAt: '2026-11-27T10:00:00Z',
});

const PLANS: AccessPlanOption[] = [
  { id: uuid(31), name: 'VIP Mensal', botId: uuid(1), archived: false },
  { id: uuid(32), name: 'Plano de outro bot', botId: uuid(2), archived: false },
  { id: uuid(33), name: 'VIP Antigo', botId: uuid(1), archived: true },
];

async function panel(config: Record<string, unknown>, plans: AccessPlanOption[] = PLANS) {
  api.server.serverWrite('bots', bot(1));
  api.server.serverWrite('flows', flow(10, uuid(1)));
  const saved: Array<{ config: Record<string, unknown> }> = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['access', 'plans', 'trigger-options'], plans);
  view = await renderInRouter(
    <QueryClientProvider client={client}>
      <OfflineProvider userId={engine.userId}>
        <ConfigPanel node={node(config)} onSave={(patch) => saved.push(patch)} onDelete={() => {}} onClose={() => {}} />
      </OfflineProvider>
    </QueryClientProvider>,
  );
  return saved;
}

const optionsOf = (label: string) => [...getByLabel(label).querySelectorAll('option')].map((option) => option.textContent);

async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; page: ${document.body.textContent}`);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

const choose = (label: string, value: string) =>
  act(async () => {
    const select = getByLabel(label);
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });

describe('the Acesso pago trigger panel', () => {
  test("offers the six events and the flow's bot's plans; the choice is saved", async () => {
    const saved = await panel({ event: 'expires_in_3_days', planId: '' });
    expect(optionsOf('Evento')).toEqual(['Expira em 3 dias', 'Expira amanhã', 'Expirou', 'Pagamento aprovado', 'Reembolso', 'Pagamento atrasado']);
    await waitFor(() => !optionsOf('Plano').includes('Plano de outro bot'), "the flow's bot known");
    expect(optionsOf('Plano')).toEqual(['Qualquer plano deste bot', 'VIP Mensal', 'VIP Antigo (arquivado)']);
    expect(document.body.textContent).toContain('Um acesso sem conta do Telegram vinculada');
    expect(document.body.textContent).toContain('{{access.daysLeft}}');

    await choose('Evento', 'expired');
    await choose('Plano', uuid(31));
    await act(async () => [...document.querySelectorAll('button')].find((button) => button.textContent?.includes('Salvar'))?.click());
    await waitFor(() => saved.length > 0, 'the save');
    expect(saved.at(-1)?.config).toEqual({ event: 'expired', planId: uuid(31) });
  });

  test('a plan no longer listed stays chosen, named for what it is; a bot without plans links to Acessos', async () => {
    await panel({ event: 'refunded', planId: uuid(39) }, []);
    expect((getByLabel('Plano') as HTMLSelectElement).value).toBe(uuid(39));
    expect(optionsOf('Plano')).toEqual(['Qualquer plano deste bot', 'Plano excluído']);
    expect(document.body.textContent).toContain('Este bot ainda não tem planos de acesso.');
    expect(document.querySelector('a[href="/acessos"]')?.textContent).toBe('Criar plano');
  });
});
