import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { FUNNEL_TEXTS, type Funnel, type FunnelMetrics } from '@shared/funnels/schemas.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { clickButton as click, getByLabel, render, typeInto } from '../../../test-support/render.tsx';
import { CreateFunnelModal } from './create-funnel-modal.tsx';
import { CHART_LOAD_FAILED } from './daily-chart.tsx';
import { FunnelCreated } from './funnel-created.tsx';
import { MetricsModal } from './metrics-modal.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const bot = (id: string, name: string): Bot => ({ id, name, username: `${name.toLowerCase()}_bot`, isActive: true, inactiveReason: null, broadcastRate: 30, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' });
const rights = (canInviteUsers: boolean) => ({ canInviteUsers, canPostMessages: true, canDeleteMessages: true, canRestrictMembers: false });
const channel = (id: string, botId: string, name: string, extra: Partial<Channel> = {}): Channel => ({ id, botId, channelId: `-100${id.length}`, channelName: name, channelType: 'channel', botRights: rights(true), username: null, ...extra });

/** A query client that never fetches: the form's choices come from the cache, as if the server had answered. */
function seeded(seed: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, staleTime: Number.POSITIVE_INFINITY } } });
  seed(client);
  return (ui: ReactNode) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

const options = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => ({ text: option.textContent, disabled: option.disabled }));
const choose = (select: HTMLElement, value: string) =>
  act(async () => {
    const element = select as HTMLSelectElement;
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });

async function waitFor(condition: () => boolean) {
  for (let tries = 0; tries < 100 && !condition(); tries++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(condition()).toBe(true);
}

describe('create funnel modal', () => {
  const wrap = seeded((client) => {
    client.setQueryData(queryKeys.funnels.bots(), [bot('b1', 'Vendas'), bot('b2', 'Suporte')]);
    client.setQueryData(queryKeys.funnels.channels('b1'), [
      channel('c1', 'b1', 'VIP', { username: 'canal_vip' }),
      channel('c2', 'b1', 'Sem convite', { botRights: rights(false) }),
    ]);
    client.setQueryData(queryKeys.funnels.channels('b2'), [channel('c3', 'b2', 'Clientes')]);
    client.setQueryData(queryKeys.pixels.list(), []);
  });

  test('the channel list follows the chosen bot; a channel without the invite right cannot be chosen', async () => {
    await render(wrap(<CreateFunnelModal onClose={() => {}} />));
    const channelSelect = getByLabel('Canal') as HTMLSelectElement;
    expect(channelSelect.disabled).toBe(true);
    await choose(getByLabel('Bot'), 'b1');
    expect(options(channelSelect)).toEqual([
      { text: 'Selecione um canal', disabled: false },
      { text: 'VIP', disabled: false },
      { text: 'Sem convite — sem permissão para convidar', disabled: true },
    ]);
    await choose(channelSelect, 'c1');
    expect(document.body.textContent).toContain(FUNNEL_TEXTS.publicChannelWarning);
    await choose(getByLabel('Bot'), 'b2');
    expect(channelSelect.value).toBe('');
    expect(options(channelSelect).map((option) => option.text)).toEqual(['Selecione um canal', 'Clientes']);
    expect(document.body.textContent).not.toContain(FUNNEL_TEXTS.publicChannelWarning);
  });

  test('bot, channel and name are required: one sentence, the fields marked; a bad landing URL has its own text', async () => {
    await render(wrap(<CreateFunnelModal onClose={() => {}} />));
    const url = getByLabel('URL da página de captura') as HTMLInputElement;
    await typeInto(url, 'exemplo');
    await click('Criar funil');
    expect([...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent)).toEqual([FUNNEL_TEXTS.requiredFields]);
    for (const label of ['Bot', 'Canal', 'Nome']) expect(getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain(FUNNEL_TEXTS.landingUrlInvalid);
    expect((getByLabel('Pixel do Meta') as HTMLSelectElement).options[0]?.textContent).toBe('Nenhum pixel');
  });

  test('the approval switch toggles', async () => {
    await render(wrap(<CreateFunnelModal onClose={() => {}} />));
    const toggle = document.querySelector('[role="switch"]');
    expect(toggle?.getAttribute('aria-checked')).toBe('false');
    await act(async () => (toggle as HTMLElement).click());
    expect(toggle?.getAttribute('aria-checked')).toBe('true');
  });
});

describe('success state', () => {
  test('shows the script and the link, each copied by its button', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
    const scriptCode = '<script src="https://app.exemplo/api/js/abc.js" async></script>';
    await render(<FunnelCreated created={{ name: 'Lançamento', scriptCode, telegramLink: 'https://t.me/+abc', publicChannel: false }} />);
    expect(document.body.textContent).toContain(FUNNEL_TEXTS.scriptLabel);
    expect(document.body.textContent).toContain(FUNNEL_TEXTS.linkLabel);
    await click('Copiar script');
    await click('Copiar link');
    expect(written).toEqual([scriptCode, 'https://t.me/+abc']);
  });
});

describe('metrics modal', () => {
  const FUNNEL = { id: 'f1', name: 'Lançamento', bot: { name: 'Vendas', username: 'vendas_bot' }, channel: { channelName: 'VIP', username: null } } as const;
  const history = Array.from({ length: 30 }, (_item, index) => ({ date: `2026-10-${String(index + 1).padStart(2, '0')}`, pageviews: index, clicks: 1, entries: 0, exits: 0 }));
  const metrics: FunnelMetrics = { totalLeads: 42, activeLeads: 40, today: { pageviews: 120, clicks: 30, entries: 7, exits: 1 }, history, days: 30, timeZone: 'UTC', sales: { purchases: 3, revenueCents: 29_700, history: history.map((day) => ({ date: day.date, purchases: 0, revenueCents: 0 })) } };

  test('opens on 30 days with leads, today and the daily history', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const wrap = seeded((client) => client.setQueryData(queryKeys.funnels.metrics('f1', 30, zone), metrics));
    const view = await render(wrap(<MetricsModal funnel={FUNNEL as unknown as Funnel} onClose={() => {}} />));
    expect([...document.querySelectorAll('[aria-pressed="true"]')].map((element) => element.textContent)).toEqual(['30 dias']);
    const text = document.body.textContent ?? '';
    for (const part of ['Compras no período3', 'Receita no períodoR$\u00a0297,00', 'Leads no total42', 'Leads ativos40', 'Visualizações120', 'Cliques30', 'Entradas7', 'Saídas1', 'Histórico diário (30 dias)']) expect(text).toContain(part);
    expect(document.querySelectorAll('[data-testid="daily-history"] tbody tr')).toHaveLength(30);
    expect(document.querySelector('[data-testid="daily-history"] tbody tr th')?.textContent).toBe('01 de out.');
    // The chart module loads on its own; happy-dom has no canvas, so it ends drawn or in its pt-BR fallback.
    await waitFor(() => document.querySelector('[data-testid="daily-chart"][data-drawn]') !== null || document.body.textContent?.includes(CHART_LOAD_FAILED) === true);
    await view.unmount();
  });
});
