/**
 * Text a Telegram user wrote cannot reorder what the operator reads (docs/security.md): a name starting with a
 * right-to-left override stays inside its own isolate in the contacts list and the inbox, the words after it keep
 * their order, and an address hiding an override in a message shows the hidden character as a named mark.
 */
import { expect, test, type APIRequestContext, type Locator } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

const RLO = '\u202E';
const LINK = `https://evil.example/${RLO}gpj.exe`;

async function contactIdOf(request: APIRequestContext, token: string, botId: string): Promise<string> {
  let id = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/api/contacts/bot/${botId}`, { headers: { Authorization: `Bearer ${token}` } });
      id = ((await response.json()) as { data: { contacts: { id: string }[] } }).data.contacts[0]?.id ?? '';
      return id;
    })
    .not.toBe('');
  return id;
}

/** The element is a `<bdi>` the browser lays out as an isolate. */
const isolation = (element: Locator) => element.evaluate((node) => `${node.tagName.toLowerCase()} ${getComputedStyle(node).unicodeBidi}`);

/**
 * Where, left to right, the visible glyphs of `first` and `second` sit inside `container` (its whole text, the
 * isolates included): the first must end before the second starts for the reading order to be intact.
 */
function horizontalOrder(container: Locator, first: string, second: string) {
  return container.evaluate(
    (root, [a, b]) => {
      const place = (needle: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.indexOf(needle) ?? -1;
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + needle.length);
          return range.getBoundingClientRect();
        }
        throw new Error(`no text ${needle}`);
      };
      return place(a ?? '').right <= place(b ?? '').left + 0.5;
    },
    [first, second],
  );
}

test('um nome com inversão de direção fica isolado nos contatos e na conversa; o endereço mostra o caractere escondido', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const bot = await emulator.createBot('Bot Bidi');
  const botId = await createBotByApi(request, token, bot.token);
  const evil = await emulator.createUser(`${RLO}evil`, 'Silva');
  await emulator.sendPrivateMessage(evil.id, bot.token, `veja ${LINK} agora`);
  const contactId = await contactIdOf(request, token, botId);

  await signInThroughUi(page, account);
  await page.goto(`/contacts/${botId}`);
  const card = page.getByRole('list', { name: 'Contatos' }).getByRole('article');
  await expect(card).toHaveCount(1);
  const heading = card.getByRole('heading');
  await expect(heading.locator('bdi')).toHaveText(`${RLO}evil\u202C Silva`);
  expect(await isolation(heading.locator('bdi'))).toBe('bdi isolate');
  // The override ends with the first name: the last name still reads after it.
  expect(await horizontalOrder(heading, 'evil', 'Silva')).toBe(true);
  // The @username (which starts with the override too) cannot reverse "· ID …" after it.
  const identity = card.getByText(/ID \d+/);
  expect(await isolation(identity.locator('bdi'))).toBe('bdi isolate');
  expect(await horizontalOrder(identity, evil.username ?? '', 'ID')).toBe(true);

  await page.goto(`/chat?contato=${contactId}`);
  const item = page.getByRole('list', { name: 'Conversas' }).getByRole('button', { name: /evil/ });
  const listName = item.locator('bdi').first();
  await expect(listName).toHaveText(`${RLO}evil\u202C Silva`);
  expect(await isolation(listName)).toBe('bdi isolate');
  await expect(item.getByRole('img', { name: /U\+202E/ })).toBeVisible();
  const pane = page.getByRole('region', { name: /Conversa com/ });
  expect(await isolation(pane.getByRole('heading').locator('bdi'))).toBe('bdi isolate');

  const message = pane.getByRole('list', { name: 'Mensagens' }).getByRole('listitem').filter({ hasText: 'veja' });
  const mark = message.getByRole('img', { name: 'Caractere invisível U+202E: controla a direção do texto' });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText('⟨U+202E⟩');
  await expect(message).toContainText('veja https://evil.example/⟨U+202E⟩gpj.exe agora');
  // Shown where it sits: the address reads in its written order, "gpj.exe" after the mark.
  expect(await horizontalOrder(message, 'evil.example/', '⟨U+202E⟩')).toBe(true);
  expect(await horizontalOrder(message, '⟨U+202E⟩', 'gpj.exe')).toBe(true);
});
