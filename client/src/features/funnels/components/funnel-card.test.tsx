import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, expect, test } from 'bun:test';
import { FUNNEL_TEXTS, type Funnel } from '@shared/funnels/schemas.ts';
import { renderInRouter } from '../../../test-support/render-in-router.tsx';
import { FunnelCard } from './funnel-card.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const FUNNEL: Funnel = {
  id: 'f1',
  uuid: 'u1',
  name: 'Lançamento',
  description: null,
  botId: 'b1',
  channelId: 'c1',
  requireApproval: false,
  landingUrl: null,
  pixelIntegrationId: null,
  isActive: true,
  bot: { name: 'Vendas', username: 'vendas_bot' },
  channel: { channelName: 'VIP', username: null },
  pixelIntegration: null,
  todayMetrics: { pageviews: 1200, clicks: 30, entries: 7, exits: 1 },
  conversion: { days: 30, pageviews: 4000, clicks: 500, entries: 60 },
  telegramLink: 'https://t.me/+abc',
  createdAt: '2026-11-25T12:00:00Z',
  updatedAt: '2026-11-25T12:00:00Z',
};

const card = (funnel: Funnel) => renderInRouter(<ul><FunnelCard funnel={funnel} busy={false} disabled={false} onAction={() => {}} /></ul>);
const buttons = () => [...document.querySelectorAll('button')].map((button) => button.textContent?.trim());

test("an active funnel on a private channel: badge, bot, channel, today's figures and its actions", async () => {
  await card(FUNNEL);
  const text = document.body.textContent ?? '';
  expect(document.querySelector('[data-testid="funnel-status"]')?.textContent).toBe(FUNNEL_TEXTS.active);
  for (const part of ['Vendas @vendas_bot', 'VIP', 'Visualizações1.200', 'Cliques30', 'Entradas7', 'Saídas1']) expect(text).toContain(part);
  expect(text).not.toContain(FUNNEL_TEXTS.publicChannelWarning);
  expect(text).not.toContain('Pixel do Meta');
  expect(buttons()).toEqual(['Métricas', 'Copiar script', 'Copiar link', 'Desativar', 'Excluir']);
});

test('the card shows the conversion of the last 30 days and links to the funnel\'s contacts', async () => {
  await card(FUNNEL);
  const conversion = document.querySelector('[aria-label="Conversão nos últimos 30 dias"]');
  const steps = ['pageviews', 'clicks', 'entries'].map((key) => conversion?.querySelector(`[data-testid="conversion-${key}"]`)?.textContent);
  expect(steps).toEqual(['Visitas4.000', 'Cliques50012,5%', 'Entradas6012%']);
  const link = [...document.querySelectorAll('a')].find((anchor) => anchor.textContent?.includes('Ver contatos'));
  expect(link?.getAttribute('href')).toBe('/contacts?funnelId=f1');
});

test('an inactive funnel on a public channel with a pixel warns that the username bypasses the funnel', async () => {
  await card({ ...FUNNEL, isActive: false, channel: { channelName: 'VIP', username: 'canal_vip' }, pixelIntegration: { name: 'Loja', pixelId: '123456' } });
  const text = document.body.textContent ?? '';
  expect(document.querySelector('[data-testid="funnel-status"]')?.textContent).toBe(FUNNEL_TEXTS.inactive);
  expect(text).toContain(FUNNEL_TEXTS.publicChannelWarning);
  expect(text).toContain('Pixel do MetaLoja (123456)');
  expect(buttons()).toContain('Ativar');
});
