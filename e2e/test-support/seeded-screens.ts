/**
 * An account filled with real data (a bot, its chat, a contact who wrote, a flow with nodes, a broadcast, an access
 * plan with a member) and the
 * console's screens over it: what the screen-wide checks (accessibility, touch targets) walk.
 */
import { createBotByApi, registerByApi, type TestAccount } from './accounts.ts';
import { emulator } from './emulator.ts';
import { flowApi } from './flows.ts';
import { expect, type Page } from './test.ts';

export type Seeded = { account: TestAccount; botId: string; flowId: string; broadcastId: string; channelId: string; planId: string };

export async function seed(request: Parameters<typeof registerByApi>[0]): Promise<Seeded> {
  const { account, session } = await registerByApi(request);
  const accessToken = session.tokens.accessToken;
  const headers = { Authorization: `Bearer ${accessToken}` };
  const bot = await emulator.createBot('Bot Acessível');
  const botId = await createBotByApi(request, accessToken, bot.token);
  const owner = await emulator.createUser('Dona');
  const group = await emulator.createChat('supergroup', 'Grupo Acessível', owner.id);
  await emulator.promoteBot(group.id, bot.token);
  const reader = await emulator.createUser('Leitor', 'Tela');
  await emulator.sendPrivateMessage(reader.id, bot.token, 'Olá, quero ajuda');

  const flows = flowApi(request, accessToken);
  const flowId = await flows.flow(botId, 'Atendimento');
  const start = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 0, y: 0 });
  const reply = await flows.node(flowId, 'send_text', { message: 'Oi!' }, { x: 320, y: 0 });
  await flows.connect(flowId, start, reply);

  const created = await request.post('/api/broadcasts', { headers, data: { name: 'Promoção', botId, message: 'Oferta <b>hoje</b>', targetType: 'ALL' } });
  const broadcastId = ((await created.json()) as { data: { broadcast: { id: string } } }).data.broadcast.id;

  // The bot learns its chat and the contact as it polls.
  let channelId = '';
  await expect(async () => {
    const channels = await request.get(`/api/bots/${botId}/channels`, { headers });
    channelId = ((await channels.json()) as { data: { channels: { id: string }[] } }).data.channels[0]?.id ?? '';
    expect(channelId).not.toBe('');
    const contacts = await request.get(`/api/contacts?botId=${botId}`, { headers });
    expect(((await contacts.json()) as { data: { contacts: unknown[] } }).data.contacts.length).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  const plan = await request.post('/api/access/plans', { headers, data: { name: 'VIP Mensal', botId, channelIds: [channelId], durationDays: 30, priceCents: 4990 } });
  const planId = ((await plan.json()) as { data: { plan: { id: string } } }).data.plan.id;
  await request.post(`/api/access/plans/${planId}/members`, { headers, data: { email: 'comprador@exemplo.com', name: 'Comprador', days: 30 } });
  // A subscription to an event the seeding never raises: the list is checked filled, and nothing is ever sent.
  await request.post('/api/webhooks', { headers, data: { url: 'https://exemplo.com.br/webhooks/canalize', description: 'CRM', events: ['access.chargeback'] } });
  return { account, botId, flowId, broadcastId, channelId, planId };
}

export const screens = (seeded: Seeded) => [
  { path: '/dashboard', ready: 'Dashboard' },
  { path: '/bots', ready: 'Meus Bots' },
  { path: `/bots/${seeded.botId}`, ready: 'Meus Bots' },
  { path: '/bots/trash', ready: 'Meus Bots' },
  { path: `/channels/${seeded.channelId}`, ready: 'Canal' },
  { path: '/flows', ready: 'Fluxos' },
  { path: `/flows/${seeded.flowId}/edit`, ready: null },
  { path: '/contacts', ready: 'Contatos' },
  { path: `/contacts/${seeded.botId}`, ready: 'Contatos' },
  { path: '/chat', ready: 'Chat' },
  { path: '/broadcasts', ready: 'Disparos' },
  { path: '/broadcasts/new', ready: 'Disparos' },
  { path: `/broadcasts/${seeded.broadcastId}`, ready: 'Disparos' },
  { path: `/broadcasts/${seeded.broadcastId}/edit`, ready: 'Disparos' },
  { path: '/funnels', ready: 'Funis' },
  { path: '/pixels', ready: 'Pixels' },
  { path: '/acessos', ready: 'Acessos' },
  { path: `/acessos/${seeded.planId}`, ready: 'Acessos' },
  { path: '/acessos/membros', ready: 'Acessos' },
  { path: '/respostas-rapidas', ready: 'Respostas rápidas' },
  { path: '/team', ready: 'Equipe' },
  { path: '/webhooks', ready: 'Webhooks' },
  { path: '/conta', ready: 'Minha conta' },
];

/** Opens a screen of `screens` and waits for its content (skeletons gone). */
export async function openScreen(page: Page, screen: ReturnType<typeof screens>[number]) {
  await page.goto(screen.path);
  if (screen.ready) await expect(page.getByRole('heading', { level: 1, name: screen.ready })).toBeVisible();
  else await expect(page.locator('.react-flow__node').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
