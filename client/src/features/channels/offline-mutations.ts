/** The welcome mutation on this device: its optimistic effect, mirroring the server's welcome service, and its pt-BR names. */
import type { welcomeMutationArgs } from '@shared/welcome/mutations.ts';
import type { ClientMutationsOf } from '../../offline/mutations/declaration.ts';

export const welcomeMutations: ClientMutationsOf<keyof typeof welcomeMutationArgs> = {
  'welcome.save': {
    apply: async (writer, { channelId, welcome }) => {
      const channel = await writer.get('channels', channelId);
      if (!channel) return;
      await writer.put('welcomeMessages', { ...welcome, channelId, botId: channel.botId });
    },
    label: 'Salvar mensagem de boas-vindas',
    refusalTitle: 'Erro ao salvar mensagem',
  },
};
