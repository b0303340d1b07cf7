/** Route table (index.ts): bots, their trash and the groups and channels where they are administrators. */
import { botResponseSchema, botsResponseSchema, channelResponseSchema, channelsResponseSchema, createBotInputSchema, updateBotInputSchema } from '@shared/bots/schemas.ts';
import { botTrashedResponseSchema, deletionImpactResponseSchema, trashResponseSchema } from '@shared/bots/trash.ts';
import { deletedAnswerSchema } from '@shared/api/answers.ts';
import type { RouteGroup } from './route-doc.ts';

export const BOT_ROUTES: RouteGroup = {
  tag: 'Bots',
  description: 'Bots do Telegram cadastrados por token, a Lixeira e os grupos e canais onde cada bot é administrador.',
  routes: {
    'POST /api/telegram/webhook/:botId': { summary: 'Recebe as atualizações do Telegram', public: true, hidden: "Telegram's own webhook: its per-bot secret header authenticates, no integration calls it" },
    'GET /api/bots/': { summary: 'Lista os bots', answer: botsResponseSchema },
    'POST /api/bots/': {
      summary: 'Cadastra um bot pelo token', body: createBotInputSchema, answer: botResponseSchema, status: 201,
      errors: ['BOT_TOKEN_INVALID', 'BOT_ALREADY_REGISTERED', 'BOT_IN_TRASH', 'TELEGRAM_UNREACHABLE'],
    },
    'GET /api/bots/trash': { summary: 'Lista os bots na Lixeira', answer: trashResponseSchema },
    'POST /api/bots/trash/:id/restore': { summary: 'Restaura um bot da Lixeira', answer: botResponseSchema, errors: ['BOT_ALREADY_REGISTERED'] },
    'DELETE /api/bots/trash/:id': { summary: 'Exclui de vez um bot da Lixeira', answer: deletedAnswerSchema },
    'GET /api/bots/:id': { summary: 'Mostra um bot', answer: botResponseSchema },
    'GET /api/bots/:id/deletion-impact': { summary: 'Mostra o que a exclusão de um bot leva junto', answer: deletionImpactResponseSchema },
    'PATCH /api/bots/:id': { summary: 'Ativa, desativa ou renomeia um bot', body: updateBotInputSchema, answer: botResponseSchema, errors: ['BOT_TOKEN_REJECTED'] },
    'DELETE /api/bots/:id': { summary: 'Move um bot para a Lixeira', answer: botTrashedResponseSchema },
    'GET /api/bots/:id/channels': { summary: 'Lista os grupos e canais de um bot', answer: channelsResponseSchema },
    'POST /api/bots/:id/channels/sync': { summary: 'Atualiza os grupos e canais de um bot no Telegram', answer: channelsResponseSchema, errors: ['TELEGRAM_SYNC_FAILED', 'BOT_TOKEN_REJECTED'] },
    'GET /api/channels/:id': { summary: 'Mostra um grupo ou canal', answer: channelResponseSchema },
  },
};
