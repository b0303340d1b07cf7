/**
 * A bot administering a channel, set up through the API and the emulator, for journeys that need Telegram users to
 * join something (funnels, pixels): the emulated bot and channel, and the channel's row id on the server.
 */
import { expect, type APIRequestContext } from './test.ts';
import { createBotByApi } from './accounts.ts';
import { emulator } from './emulator.ts';

/** One call of the API as the signed-in operator; answers the envelope's data. */
export async function apiData<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  if (response.status() >= 300) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function botInChannel(request: APIRequestContext, token: string, names: { bot: string; channel: string }) {
  const bot = await emulator.createBot(names.bot);
  const botId = await createBotByApi(request, token, bot.token);
  const owner = await emulator.createUser('Dono');
  const chat = await emulator.createChat('channel', names.channel, owner.id);
  await emulator.promoteBot(chat.id, bot.token);
  let channelId = '';
  await expect.poll(async () => {
    const { channels } = await apiData<{ channels: { id: string; channelId: string }[] }>(request, token, 'GET', `/bots/${botId}/channels`);
    channelId = channels.find((item) => item.channelId === String(chat.id))?.id ?? '';
    return channelId;
  }).not.toBe('');
  return { bot, botId, chat, channelId };
}
