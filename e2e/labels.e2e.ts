/**
 * Labels ("Etiquetas", docs/product.md#entity-label) on a laptop: the owner creates a label, puts it on a contact
 * from its edit dialog, filters the contacts and the inbox by it, sets the label from the chat too, and sends a
 * broadcast to the label that reaches exactly the labelled contacts through the emulator.
 */
import { expect, test } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { auth } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

test('cria uma etiqueta, aplica a um contato, filtra contatos e conversas e dispara para quem a tem', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Etiquetas');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const [bia, caio, duda] = [await emulator.createUser('Bia', 'Lima'), await emulator.createUser('Caio', 'Reis'), await emulator.createUser('Duda', 'Melo')];
  for (const user of [bia, caio, duda]) await emulator.sendPrivateMessage(user.id, bot.token, 'Olá');
  await expect(async () => {
    const response = await request.get(`/api/contacts/bot/${botId}`, { headers: auth(session.tokens.accessToken) });
    expect(((await response.json()) as { data: { contacts: unknown[] } }).data.contacts).toHaveLength(3);
  }).toPass({ timeout: 15_000 });

  await signInThroughUi(page, account);
  await page.goto('/contacts');
  await expect(page.getByRole('article')).toHaveCount(3);

  // Create the label (owners and admins).
  await page.getByRole('button', { name: 'Etiquetas', exact: true }).click();
  const manager = page.getByRole('dialog', { name: 'Etiquetas' });
  await manager.getByLabel('Nome da etiqueta').fill('Clientes VIP');
  await manager.getByLabel('Cor').selectOption('green');
  await manager.getByRole('button', { name: 'Criar etiqueta' }).click();
  await expect(manager.getByRole('list', { name: 'Etiquetas da equipe' })).toContainText('Clientes VIP');
  await manager.getByLabel('Nome da etiqueta').fill('clientes vip');
  await manager.getByRole('button', { name: 'Criar etiqueta' }).click();
  await expect(manager.getByRole('alert')).toHaveText('Já existe uma etiqueta com este nome');
  await page.keyboard.press('Escape');
  await expect(manager).toBeHidden();

  // Put it on Bia from her edit dialog; her card shows it.
  await page.getByRole('button', { name: 'Editar Bia Lima' }).click();
  const editor = page.getByRole('dialog', { name: 'Editar contato' });
  await editor.getByRole('checkbox', { name: 'Clientes VIP' }).check();
  await expect(editor.getByRole('checkbox', { name: 'Clientes VIP' })).toBeChecked();
  await editor.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('article', { name: 'Bia Lima' }).getByRole('list', { name: 'Etiquetas' })).toHaveText('Clientes VIP');

  // Filter the contacts by it.
  await page.getByRole('combobox', { name: 'Etiqueta', exact: true }).selectOption({ label: 'Clientes VIP' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Bia Lima' })).toBeVisible();

  // The inbox: the label from the chat, then the list filtered by it.
  await page.goto('/chat');
  const conversations = page.getByRole('list', { name: 'Conversas' });
  await expect(conversations.getByRole('button')).toHaveCount(3);
  await conversations.getByRole('button', { name: /Caio Reis/ }).click();
  await page.getByRole('button', { name: 'Etiquetas', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Clientes VIP' }).check();
  await expect(page.getByRole('region', { name: 'Etiquetas do contato' }).getByRole('list', { name: 'Etiquetas' })).toHaveText('Clientes VIP');
  await page.getByRole('checkbox', { name: 'Clientes VIP' }).uncheck();
  await expect(page.getByRole('region', { name: 'Etiquetas do contato' }).getByRole('list', { name: 'Etiquetas' })).toBeHidden();
  await page.getByRole('combobox', { name: 'Etiqueta', exact: true }).selectOption({ label: 'Clientes VIP' });
  await expect(conversations.getByRole('button')).toHaveCount(1);
  await expect(conversations.getByRole('button', { name: /Bia Lima/ })).toBeVisible();

  // A broadcast to the label: counted before, received by Bia alone.
  await page.goto('/broadcasts/new');
  await page.getByLabel('Nome').fill('Só para VIPs');
  await page.getByLabel('Mensagem').fill('Oferta exclusiva');
  await page.getByRole('radio', { name: /Contatos com a etiqueta/ }).check();
  await expect(page.getByTestId('audience-count')).toHaveText('Público: 0 contatos');
  await page.getByRole('combobox', { name: 'Etiqueta', exact: true }).selectOption({ label: 'Clientes VIP' });
  await expect(page.getByTestId('audience-count')).toHaveText('Público: 1 contato');
  const since = await emulator.mark();
  await page.getByRole('button', { name: 'Salvar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar disparo' });
  await expect(dialog).toContainText('Será enviado para 1 contato');
  await dialog.getByRole('button', { name: 'Enviar agora' }).click();
  await expect(page.getByTestId('broadcast-status')).toHaveText('Concluído', { timeout: 30_000 });
  // The label's name is isolated (U+2068 … U+2069), a teammate's text inside a sentence.
  await expect(page.getByText(/Contatos com a etiqueta “\u2068Clientes VIP\u2069”/)).toBeVisible();
  const sent = await emulator.waitForSentMessage({ token: bot.token, chatId: bia.id, since });
  expect(sent.text).toBe('Oferta exclusiva');
  for (const other of [caio, duda]) {
    expect((await emulator.sentMessages(bot.token, other.id)).filter((message) => message.text === 'Oferta exclusiva')).toHaveLength(0);
  }
});
