/**
 * The tracking script in a real browser (docs/decisions.md#funnel-tracking): a landing page served on another origin
 * with the funnel's snippet records a page view (and writes `_fbc` from fbclid), a click on the Telegram link opens
 * the per-visit invite link the server made for a funnel with a pixel, the metrics show both, and a join through that
 * link fires the funnel's flow in the channel.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './test-support/test.ts';
import { registerByApi } from './test-support/accounts.ts';
import { apiData, botInChannel } from './test-support/channels.ts';
import { emulator } from './test-support/emulator.ts';
import { E2E_EMULATOR_URL, E2E_GRAPH_URL } from './test-support/env.ts';

let landing: Server | undefined;
test.afterEach(() => landing?.close());

function serveLanding(html: string): Promise<string> {
  landing = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) => landing?.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(landing?.address() as AddressInfo).port}`)));
}

const api = apiData;

const joinByLink = async (userId: number, inviteLink: string) => {
  const response = await fetch(`${E2E_EMULATOR_URL}/control/join-by-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, inviteLink }) });
  expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
};

test('a landing page with the snippet: page view, per-visit link on click, metrics, and the join fires the flow', async ({ page, request }) => {
  const { session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const { bot, botId, chat, channelId } = await botInChannel(request, token, { bot: 'Bot Funil', channel: 'Canal Lançamento' });

  const { pixel } = await api<{ pixel: { id: string } }>(request, token, 'POST', '/pixels', { name: 'Pixel Loja', pixelId: '123456789012345', accessToken: 'EAAB'.padEnd(40, 'x') });
  const created = await api<{ funnel: { id: string; uuid: string }; scriptCode: string; telegramLink: string }>(request, token, 'POST', '/funnels', {
    botId, channelId, name: 'Lançamento', pixelIntegrationId: pixel.id,
  });
  const { funnel, scriptCode, telegramLink } = created;

  // The funnel's flow: a message in the channel when someone enters through the funnel.
  const { flow } = await api<{ flow: { id: string } }>(request, token, 'POST', '/flows', { name: 'Boas-vindas do funil', botId, executionContexts: ['channel'], allowedChannelIds: [String(chat.id)] });
  const { node: trigger } = await api<{ node: { id: string } }>(request, token, 'POST', '/flows/nodes', { flowId: flow.id, type: 'trigger', subType: 'trigger_contact_from_funnel', config: { funnelId: funnel.id }, position: { x: 0, y: 0 } });
  const { node: send } = await api<{ node: { id: string } }>(request, token, 'POST', '/flows/nodes', { flowId: flow.id, type: 'action', subType: 'send_text', config: { message: 'Chegou pelo funil: {{contact.firstName}}' }, position: { x: 0, y: 200 } });
  await api(request, token, 'POST', '/flows/connections', { flowId: flow.id, sourceNodeId: trigger.id, targetNodeId: send.id, sourceHandle: 'default' });

  const origin = await serveLanding(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Oferta</title></head>
    <body><h1>Oferta especial</h1><a id="cta" href="${telegramLink}">Entrar no canal</a>${scriptCode}</body></html>`);
  // Telegram itself is not reachable here: the navigation to t.me is answered locally and its URL kept.
  await page.route('https://t.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Telegram</p>' }));
  await page.goto(`${origin}/oferta?utm_source=facebook&fbclid=IwAR0Teste`);

  const metrics = () => api<{ metrics: { today: { pageviews: number; clicks: number; entries: number }; totalLeads: number } }>(request, token, 'GET', `/funnels/${funnel.id}/metrics?days=7&tz=America/Sao_Paulo`);
  await expect.poll(async () => (await metrics()).metrics.today.pageviews).toBe(1);
  const fbc = await page.evaluate(() => /(?:^|; )_fbc=([^;]*)/.exec(document.cookie)?.[1]);
  expect(fbc).toMatch(/^fb\.1\.\d{13}\.IwAR0Teste$/);

  const [navigation] = await Promise.all([page.waitForRequest((req) => req.url().startsWith('https://t.me/')), page.click('#cta')]);
  const visitLink = navigation.url();
  expect(visitLink).toMatch(/^https:\/\/t\.me\/\+/);
  expect(visitLink).not.toBe(telegramLink);
  await expect.poll(async () => (await metrics()).metrics.today.clicks).toBe(1);

  const member = await emulator.createUser('Helena');
  const since = await emulator.mark();
  await joinByLink(member.id, visitLink);
  const sent = await emulator.waitForSentMessage({ token: bot.token, chatId: chat.id, since });
  expect(sent.text).toBe('Chegou pelo funil: Helena');
  await expect.poll(async () => (await metrics()).metrics).toMatchObject({ today: { pageviews: 1, clicks: 1, entries: 1 }, totalLeads: 1 });

  // Meta gets enter_channel once, matched to the visit: website source, the page URL, that visit's fbc.
  const enters = async () => {
    const arrived = (await (await request.get(`${E2E_GRAPH_URL}/_requests`)).json()) as { pixelId: string; status: number; data: { event_name: string; action_source: string; event_source_url?: string; user_data: { fbc?: string; external_id?: string } }[] }[];
    return arrived.filter((sent) => sent.pixelId === '123456789012345' && sent.status === 200).flatMap((sent) => sent.data).filter((event) => event.event_name === 'enter_channel' && event.user_data.fbc === fbc);
  };
  await expect.poll(async () => (await enters()).length, { timeout: 20_000 }).toBe(1);
  const [enter] = await enters();
  expect(enter).toMatchObject({ action_source: 'website', user_data: { fbc }, event_source_url: expect.stringContaining('/oferta?utm_source=facebook') });
  expect(enter?.user_data.external_id).toMatch(/^[0-9a-f]{64}$/);
});

test('checkout links on the landing page carry the visit to the gateway, a link with its own src is left alone', async ({ page, request }) => {
  const { session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const { botId, channelId } = await botInChannel(request, token, { bot: 'Bot Checkout', channel: 'Canal Checkout' });
  const { scriptCode } = await api<{ scriptCode: string }>(request, token, 'POST', '/funnels', { botId, channelId, name: 'Checkout' });
  const origin = await serveLanding(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Oferta</title></head>
    <body><a id="buy" href="https://pay.hotmart.com/A1B2C3?off=x1">Comprar</a>
    <a id="own" href="https://pay.kiwify.com.br/abc?src=parceiro">Comprar pelo parceiro</a>
    <a id="other" href="https://exemplo.com/?x=1">Outro site</a>${scriptCode}</body></html>`);
  const reached: string[] = [];
  await page.route(/^https:\/\/(pay\.hotmart\.com|pay\.kiwify\.com\.br|exemplo\.com)\//, (route) => {
    reached.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Checkout</p>' });
  });
  await page.goto(`${origin}/oferta`);
  await expect(page.getByRole('link', { name: 'Comprar', exact: true })).toHaveAttribute('href', /src=cz[0-9a-f]{32}/);
  const visit = await page.evaluate(() => Object.entries(sessionStorage).find(([key]) => key.startsWith('canalize_visit_'))?.[1]);
  expect(visit).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Comprar pelo parceiro' })).toHaveAttribute('href', 'https://pay.kiwify.com.br/abc?src=parceiro');
  await expect(page.getByRole('link', { name: 'Outro site' })).toHaveAttribute('href', 'https://exemplo.com/?x=1');
  await page.getByRole('link', { name: 'Comprar', exact: true }).click();
  await expect.poll(() => reached.length).toBe(1);
  expect(reached[0]).toBe(`https://pay.hotmart.com/A1B2C3?off=x1&src=cz${(visit ?? '').replaceAll('-', '')}`);
});
