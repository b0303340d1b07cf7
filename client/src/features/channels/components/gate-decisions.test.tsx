import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { GateDecision } from '@shared/access/join-gate.ts';
import { render } from '../../../test-support/render.tsx';
import { joinGateKeys } from '../api/join-gate.ts';
import { GateDecisions } from './gate-decisions.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const CHANNEL = '33333333-3333-4333-8333-333333333333';

const decision = (over: Partial<GateDecision>): GateDecision => ({
  id: crypto.randomUUID(), telegramId: '700000001', name: 'Rui Souza', username: 'rui_souza', decision: 'declined',
  reason: 'Regra do chat: recusar pedidos', memberId: null, planId: null, planName: null, createdAt: '2026-11-27T18:05:00.000Z', ...over,
});

/** A query client that never fetches: the decisions come from the cache, as if the server had answered. */
function withDecisions(ui: ReactNode, decisions: GateDecision[]) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(joinGateKeys.decisions(CHANNEL, 1), { decisions, pagination: { page: 1, limit: 10, total: decisions.length, totalPages: 1 } });
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

test('each decision shows its pt-BR label, who asked, the reason, the plan and a pt-BR date', async () => {
  await render(withDecisions(<GateDecisions channelId={CHANNEL} />, [
    decision({ decision: 'approved', reason: 'Pedido de quem tem acesso', planId: 'p1', planName: 'VIP Mensal', name: 'Ana', username: null, telegramId: '42' }),
    decision({}),
  ]));
  const entries = [...document.querySelectorAll('[data-testid="gate-decision"]')].map((item) => item.textContent);
  expect(entries[0]).toContain('Aprovado');
  expect(entries[0]).toContain('Ana · ID 42');
  expect(entries[0]).toContain('Pedido de quem tem acesso · plano VIP Mensal');
  expect(entries[1]).toContain('Recusado');
  expect(entries[1]).toContain('Rui Souza · @rui_souza · ID 700000001');
  expect(entries[1]).toMatch(/27\/11\/2026/);
});

test('with no decision yet it says where they will appear', async () => {
  await render(withDecisions(<GateDecisions channelId={CHANNEL} />, []));
  expect(document.body.textContent).toContain('Nenhuma decisão ainda.');
});
