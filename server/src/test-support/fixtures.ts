/** Direct inserts for states a test needs without going through the API. */
import { authResponseSchema } from '@shared/auth/schemas.ts';
import { encryptSecret, sha256Hex } from '../lib/crypto.ts';
import type { TestServer } from './start-test-server.ts';

export async function registerUser(server: Pick<TestServer, 'api'>, name = 'Operador') {
  const email = `${crypto.randomUUID().slice(0, 12)}@exemplo.com`;
  const response = await server.api('/api/auth/register', { json: { name, email, password: 'segredo1' } });
  if (response.status !== 201) throw new Error(`register failed: ${response.status}`);
  return authResponseSchema.parse(await response.json()).data;
}

export async function insertBot(server: TestServer, userId: string, name = 'Meu Bot') {
  const token = `${Math.floor(Math.random() * 1e9)}:${crypto.randomUUID().replaceAll('-', '')}`;
  const rows = await server.db.sql<{ id: string }[]>`
    insert into bots (user_id, telegram_id, name, username, token_encrypted, token_hash)
    values (${userId}, ${BigInt(Math.floor(Math.random() * 1e9))}, ${name}, ${`${name.replaceAll(' ', '_')}_bot`},
            ${encryptSecret(token, server.config.encryptionKey)}, ${sha256Hex(token)})
    returning id`;
  const id = rows[0]?.id;
  if (!id) throw new Error('bot insert failed');
  return id;
}

export async function insertChannel(server: TestServer, botId: string, chatId: bigint, title: string, type = 'supergroup') {
  await server.db.sql`insert into channels (bot_id, chat_id, title, type) values (${botId}, ${chatId}, ${title}, ${type})`;
}

export async function insertFlow(server: TestServer, userId: string, botId: string, name: string, channelIds: string[] = []) {
  await server.db.sql`
    insert into flows (user_id, bot_id, name, description, allowed_channel_ids, execution_contexts)
    values (${userId}, ${botId}, ${name}, ${null}, ${channelIds}, ${['private', 'channel']})`;
}
