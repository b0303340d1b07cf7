/**
 * Every screen passes axe (WCAG 2 A/AA rules) with no serious or critical violation and runs past no screen edge,
 * on a phone and on a laptop:
 * every control named for a screen reader, contrast, landmarks, labels. Screens are filled with real data (a bot,
 * its chats, a contact who wrote, a flow with nodes, a broadcast) so lists and forms are checked, not only empty
 * states.
 */
import { expect, test } from './test-support/test.ts';
import { createBotByApi, registerByApi, type TestAccount } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { signInThroughUi } from './test-support/ui.ts';
import { axeViolations as violations, sidewaysOverflow } from './test-support/a11y.ts';

type Seeded = { account: TestAccount; botId: string; flowId: string; broadcastId: string; channelId: string };

async function seed(request: Parameters<typeof registerByApi>[0]): Promise<Seeded> {
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
  return { account, botId, flowId, broadcastId, channelId };
}

const screens = (seeded: Seeded) => [
  { path: '/dashboard', ready: 'Dashboard' },
  { path: '/bots', ready: 'Meus Bots' },
  { path: `/bots/${seeded.botId}`, ready: 'Meus Bots' },
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
];

for (const device of [
  { name: 'no celular', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'no notebook', use: { viewport: { width: 1366, height: 800 } } },
]) {
  test.describe(device.name, () => {
    test.use(device.use);

    test('login e cadastro sem violações sérias de acessibilidade', async ({ page }) => {
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await expect(page.getByRole('button', { name: path === '/login' ? 'Entrar' : 'Criar Conta' })).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
    });

    test('os avisos (toasts) de erro e de sucesso têm contraste suficiente', async ({ page, request }) => {
      const { account } = await registerByApi(request);
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Senha').fill('senha-errada');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Email ou senha inválidos')).toBeVisible();
      // Hovering pauses sonner's timer: on a busy machine the toast could otherwise leave before axe reads it.
      await page.getByText('Email ou senha inválidos').hover();
      expect(await violations(page, '[data-sonner-toaster]'), 'toast de erro').toEqual([]);
      await page.getByLabel('Senha').fill(account.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
      await page.getByText('Login realizado com sucesso!').hover();
      expect(await violations(page, '[data-sonner-toaster]'), 'toast de sucesso').toEqual([]);
    });

    test('cada tela do console sem violações sérias de acessibilidade', async ({ page, request }) => {
      test.setTimeout(120_000);
      const seeded = await seed(request);
      await signInThroughUi(page, seeded.account);
      const found: string[] = [];
      for (const screen of screens(seeded)) {
        await page.goto(screen.path);
        if (screen.ready) await expect(page.getByRole('heading', { level: 1, name: screen.ready })).toBeVisible();
        else await expect(page.locator('.react-flow__node').first()).toBeVisible();
        // Skeletons give way to content before the check.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        found.push(...(await violations(page)).map((violation) => `${screen.path} ${violation}`));
        // Nothing runs past the screen: no sideways scrolling of the page on a phone or a laptop.
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) found.push(`${screen.path} passa ${overflow}px da largura da tela`);
      }
      expect(found).toEqual([]);
    });
  });
}
