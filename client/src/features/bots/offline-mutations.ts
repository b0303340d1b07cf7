/** The bot mutations on this device: optimistic effects mirroring the server's bot service, and their pt-BR names. */
import type { botMutationArgs } from '@shared/bots/mutations.ts';
import { deleteFlowCascade } from '../../offline/mutations/cascades.ts';
import type { ClientMutationsOf } from '../../offline/mutations/declaration.ts';

export const botMutations: ClientMutationsOf<keyof typeof botMutationArgs> = {
  'bot.setActive': {
    apply: (writer, { botId, isActive }, at) =>
      writer.update('bots', botId, (bot) => ({
        ...bot,
        isActive,
        // As the server: switching a bot on clears why it was off; switching off keeps a known reason.
        inactiveReason: isActive ? null : bot.inactiveReason,
        updatedAt: at,
      })),
    label: (args) => (args === undefined ? 'Ativar ou desativar bot' : args.isActive ? 'Ativar bot' : 'Desativar bot'),
    refusalTitle: 'Erro ao alterar status do bot',
  },
  'bot.setBroadcastRate': {
    apply: (writer, { botId, broadcastRate }, at) => writer.update('bots', botId, (bot) => ({ ...bot, broadcastRate, updatedAt: at })),
    label: 'Alterar velocidade de disparo',
    refusalTitle: 'Erro ao alterar velocidade de disparo',
  },
  'bot.delete': {
    /**
     * The server moves the bot to its trash and hides everything under it (docs/decisions.md#bot-trash); this device
     * drops it all from its copy (the Lixeira is read from the server; a restore pulls it back).
     */
    apply: async (writer, { botId }) => {
      for (const channel of await writer.where('channels', 'botId', botId)) await writer.delete('channels', channel.id);
      for (const welcome of await writer.where('welcomeMessages', 'botId', botId)) await writer.delete('welcomeMessages', welcome.channelId);
      for (const flow of await writer.where('flows', 'botId', botId)) await deleteFlowCascade(writer, flow.id);
      for (const contact of await writer.where('contacts', 'botId', botId)) await writer.delete('contacts', contact.id);
      for (const message of await writer.where('messages', 'botId', botId)) await writer.delete('messages', message.id);
      for (const conversation of await writer.where('conversations', 'botId', botId)) await writer.delete('conversations', conversation.contactId);
      await writer.delete('bots', botId);
    },
    label: 'Remover bot',
    refusalTitle: 'Erro ao remover bot',
  },
};
