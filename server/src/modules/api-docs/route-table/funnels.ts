/** Route table (index.ts): funnels with their public tracking calls, and Meta pixels. */
import { deletedAnswerSchema } from '@shared/api/answers.ts';
import {
  createFunnelInputSchema, funnelCreatedResponseSchema, funnelMetricsQuerySchema, funnelMetricsResponseSchema, funnelResponseSchema, funnelsResponseSchema,
  updateFunnelInputSchema,
} from '@shared/funnels/schemas.ts';
import { trackClickInputSchema, trackClickResponseSchema, trackPageviewInputSchema } from '@shared/funnels/tracking.ts';
import {
  createPixelInputSchema, pixelResponseSchema, pixelsResponseSchema, pixelTestEventInputSchema, pixelTestEventResponseSchema, updatePixelInputSchema,
} from '@shared/pixels/schemas.ts';
import type { RouteGroup } from './route-doc.ts';

/** Valid input the state of the workspace refuses (a chat the bot no longer administers). */
const REFUSED = ['VALIDATION_FAILED', 422] as const;

const TRACKING = 'Chamada pública do script de rastreamento numa página de vendas: aberta a outras origens (CORS) e limitada por endereço.';

export const FUNNEL_ROUTES: RouteGroup = {
  tag: 'Funis',
  description: 'Funis de página de vendas até o grupo do Telegram, com o script de rastreamento e as métricas; pixels do Meta.',
  routes: {
    'GET /api/funnels/': { summary: 'Lista os funis', answer: funnelsResponseSchema },
    'POST /api/funnels/': { summary: 'Cria um funil', body: createFunnelInputSchema, answer: funnelCreatedResponseSchema, status: 201, errors: [REFUSED, ['TELEGRAM_SYNC_FAILED', 422]] },
    'GET /api/funnels/:id': { summary: 'Mostra um funil', answer: funnelResponseSchema },
    'PUT /api/funnels/:id': { summary: 'Altera um funil', body: updateFunnelInputSchema, answer: funnelResponseSchema, errors: [REFUSED, ['TELEGRAM_SYNC_FAILED', 422]] },
    'DELETE /api/funnels/:id': { summary: 'Exclui um funil', answer: deletedAnswerSchema },
    'GET /api/funnels/:id/metrics': { summary: 'Mostra as métricas de um funil', query: funnelMetricsQuerySchema, answer: funnelMetricsResponseSchema },
    'GET /api/js/:file': { summary: 'Baixa o script de rastreamento de um funil', public: true, media: 'application/javascript', description: TRACKING },
    'OPTIONS /api/t/:uuid/pageview': { summary: 'Pré-verificação CORS', public: true, hidden: 'CORS preflight answered by the browser, never called by an integration' },
    'OPTIONS /api/t/:uuid/click': { summary: 'Pré-verificação CORS', public: true, hidden: 'CORS preflight answered by the browser, never called by an integration' },
    'POST /api/t/:uuid/pageview': { summary: 'Registra a visita a uma página de vendas', public: true, body: trackPageviewInputSchema, status: 204, description: TRACKING, errors: ['TOO_MANY_ATTEMPTS'] },
    'POST /api/t/:uuid/click': {
      summary: 'Registra o clique para o Telegram e devolve o link', public: true, body: trackClickInputSchema, answer: trackClickResponseSchema, description: TRACKING,
      errors: ['TOO_MANY_ATTEMPTS'],
    },
    'GET /api/pixels/': { summary: 'Lista os pixels do Meta', answer: pixelsResponseSchema },
    'POST /api/pixels/': { summary: 'Cadastra um pixel do Meta', body: createPixelInputSchema, answer: pixelResponseSchema, status: 201 },
    'PUT /api/pixels/:id': { summary: 'Altera um pixel do Meta', body: updatePixelInputSchema, answer: pixelResponseSchema },
    'DELETE /api/pixels/:id': { summary: 'Exclui um pixel do Meta', answer: deletedAnswerSchema },
    'POST /api/pixels/:id/test-event': { summary: 'Envia um evento de teste ao Meta', body: pixelTestEventInputSchema, answer: pixelTestEventResponseSchema, errors: ['META_REFUSED', 'META_UNREACHABLE'] },
  },
};
