import type { Queryable } from '../../db/client.ts';
import { DEFAULT_WELCOME, welcomeMessageSchema, type WelcomeMessage } from '@shared/welcome/schemas.ts';
import type { welcomeMessageInputSchema } from '@shared/welcome/schemas.ts';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import * as repo from './repository.ts';

export type WelcomeDeps = { sql: Queryable; runtime: BotRuntime };

async function ownedChannel(deps: WelcomeDeps, userId: string, channelId: string) {
  const channel = isUuid(channelId) ? await repo.findOwnedChannel(deps.sql, userId, channelId) : undefined;
  if (!channel) throw notFound();
  return channel;
}

/** A channel without a saved welcome answers the defaults of docs/product.md#entity-welcome (disabled, empty message). */
export async function getWelcome(deps: WelcomeDeps, userId: string, channelId: string): Promise<WelcomeMessage> {
  const channel = await ownedChannel(deps, userId, channelId);
  const saved = await repo.findWelcome(deps.sql, channel.id);
  return welcomeMessageSchema.parse(saved ?? DEFAULT_WELCOME);
}

export async function saveWelcome(
  deps: WelcomeDeps,
  userId: string,
  channelId: string,
  input: z.output<typeof welcomeMessageInputSchema>,
): Promise<WelcomeMessage> {
  const saved = isUuid(channelId) ? await repo.saveOwnedWelcome(deps.sql, userId, channelId, input) : undefined;
  if (!saved) throw notFound();
  // The running bot caches welcome messages per chat: the next join must see this version.
  deps.runtime.invalidate(saved.botId, Number(saved.chatId));
  const { botId: _botId, chatId: _chatId, ...welcome } = saved;
  return welcomeMessageSchema.parse(welcome);
}
