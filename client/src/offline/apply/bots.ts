/** Optimistic effects of the bot and welcome mutations, mirroring the server's bot and welcome services. */
import type { ApplyFn } from './types.ts';
import { deleteFlowCascade } from './flows.ts';

export const applyBotSetActive: ApplyFn<'bot.setActive'> = (writer, { botId, isActive }, at) =>
  writer.update('bots', botId, (bot) => ({
    ...bot,
    isActive,
    // As the server: switching a bot on clears why it was off; switching off keeps a known reason.
    inactiveReason: isActive ? null : bot.inactiveReason,
    updatedAt: at,
  }));

export const applyBotSetBroadcastRate: ApplyFn<'bot.setBroadcastRate'> = (writer, { botId, broadcastRate }, at) =>
  writer.update('bots', botId, (bot) => ({ ...bot, broadcastRate, updatedAt: at }));

/** The server's delete cascades to everything of the bot; so does the local one. */
export const applyBotDelete: ApplyFn<'bot.delete'> = async (writer, { botId }) => {
  for (const channel of await writer.where('channels', 'botId', botId)) await writer.delete('channels', channel.id);
  for (const welcome of await writer.where('welcomeMessages', 'botId', botId)) await writer.delete('welcomeMessages', welcome.channelId);
  for (const flow of await writer.where('flows', 'botId', botId)) await deleteFlowCascade(writer, flow.id);
  for (const contact of await writer.where('contacts', 'botId', botId)) await writer.delete('contacts', contact.id);
  for (const message of await writer.where('messages', 'botId', botId)) await writer.delete('messages', message.id);
  for (const conversation of await writer.where('conversations', 'botId', botId)) await writer.delete('conversations', conversation.contactId);
  await writer.delete('bots', botId);
};

export const applyWelcomeSave: ApplyFn<'welcome.save'> = async (writer, { channelId, welcome }) => {
  const channel = await writer.get('channels', channelId);
  if (!channel) return;
  await writer.put('welcomeMessages', { ...welcome, channelId, botId: channel.botId });
};
