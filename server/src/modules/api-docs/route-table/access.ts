/** Route table (index.ts): paid access (Acessos): plans, accesses, purchase webhooks, the join gate and revenue. */
import { archivedAnswerSchema } from '@shared/api/answers.ts';
import { gateDecisionsQuerySchema, gateDecisionsResponseSchema, joinGateResponseSchema, updateJoinGateInputSchema } from '@shared/access/join-gate.ts';
import {
  accessMemberExportQuerySchema, accessMemberListQuerySchema, accessMemberListResponseSchema, accessMemberResponseSchema, grantAccessInputSchema,
  revokeAccessInputSchema, updateAccessMemberInputSchema,
} from '@shared/access/members.ts';
import { createPlanInputSchema, planListQuerySchema, planListResponseSchema, planResponseSchema, updatePlanInputSchema } from '@shared/access/plans.ts';
import { accessRevenueQuerySchema, accessRevenueResponseSchema } from '@shared/access/revenue.ts';
import { removeUnpaidInputSchema, removeUnpaidResponseSchema, unpaidReportResponseSchema } from '@shared/access/unpaid.ts';
import {
  testPurchaseInputSchema, webhookLogQuerySchema, webhookLogResponseSchema, webhookProcessedResponseSchema, webhookReceiptResponseSchema,
} from '@shared/access/webhook-log.ts';
import type { RouteGroup } from './route-doc.ts';

/** Valid input the plan or the access refuses in its state (an archived plan, a revoked access). */
const REFUSED = [['VALIDATION_FAILED', 422], ['VALIDATION_FAILED', 409]] as const;

export const ACCESS_ROUTES: RouteGroup = {
  tag: 'Acessos',
  description: 'Acesso pago a grupos e canais: planos, acessos com validade, compras recebidas por webhook, regra de entrada e receita.',
  routes: {
    'GET /api/access/plans/': { summary: 'Lista os planos', query: planListQuerySchema, answer: planListResponseSchema },
    'POST /api/access/plans/': { summary: 'Cria um plano', body: createPlanInputSchema, answer: planResponseSchema, status: 201, errors: [...REFUSED] },
    'GET /api/access/plans/:id': { summary: 'Mostra um plano', answer: planResponseSchema },
    'PUT /api/access/plans/:id': { summary: 'Altera um plano', body: updatePlanInputSchema, answer: planResponseSchema, errors: [...REFUSED] },
    'DELETE /api/access/plans/:id': { summary: 'Arquiva um plano', answer: archivedAnswerSchema },
    'GET /api/access/plans/:id/members': { summary: 'Lista os acessos de um plano (paginado)', query: accessMemberListQuerySchema, answer: accessMemberListResponseSchema },
    'POST /api/access/plans/:id/members': { summary: 'Concede um acesso manualmente', body: grantAccessInputSchema, answer: accessMemberResponseSchema, status: 201, errors: [...REFUSED] },
    'GET /api/access/plans/:id/unpaid': { summary: 'Mostra quem está no grupo sem acesso', answer: unpaidReportResponseSchema },
    'POST /api/access/plans/:id/remove-unpaid': { summary: 'Remove do grupo quem está sem acesso', body: removeUnpaidInputSchema, answer: removeUnpaidResponseSchema, errors: [...REFUSED] },
    'GET /api/access/members/': { summary: 'Lista os acessos (paginado)', query: accessMemberListQuerySchema, answer: accessMemberListResponseSchema },
    'GET /api/access/members/export': { summary: 'Baixa os acessos em CSV', query: accessMemberExportQuerySchema, media: 'text/csv' },
    'GET /api/access/members/:id': { summary: 'Mostra um acesso', answer: accessMemberResponseSchema },
    'PATCH /api/access/members/:id': { summary: 'Muda a validade de um acesso', body: updateAccessMemberInputSchema, answer: accessMemberResponseSchema, errors: [...REFUSED] },
    'POST /api/access/members/:id/revoke': { summary: 'Revoga um acesso', body: revokeAccessInputSchema, answer: accessMemberResponseSchema, errors: [...REFUSED] },
    'POST /api/access/members/:id/refund': { summary: 'Reembolsa uma compra em Telegram Stars', answer: accessMemberResponseSchema, errors: ['BOT_NOT_RUNNING', ...REFUSED] },
    'GET /api/access/gate/:channelId': { summary: 'Mostra a regra de entrada de um grupo ou canal', answer: joinGateResponseSchema },
    'PUT /api/access/gate/:channelId': { summary: 'Define a regra de entrada de um grupo ou canal', body: updateJoinGateInputSchema, answer: joinGateResponseSchema, errors: [...REFUSED] },
    'GET /api/access/gate/:channelId/decisions': { summary: 'Lista os pedidos de entrada decididos (paginado)', query: gateDecisionsQuerySchema, answer: gateDecisionsResponseSchema },
    'GET /api/access/revenue': { summary: 'Mostra a receita por dia', query: accessRevenueQuerySchema, answer: accessRevenueResponseSchema },
    'POST /api/access/webhooks/:id/:gateway': {
      summary: 'Recebe uma compra do gateway de pagamento', public: true, answer: webhookReceiptResponseSchema, errors: ['WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_NOT_PROCESSED', ['WEBHOOK_NOT_PROCESSED', 400]],
      description: 'Chamado pelo gateway (Hotmart, Kiwify, Eduzz, Pix genérico): a assinatura ou o token do plano autenticam.',
    },
    'GET /api/access/webhooks': { summary: 'Lista as compras recebidas (paginado)', query: webhookLogQuerySchema, answer: webhookLogResponseSchema },
    'POST /api/access/webhooks/:id/reprocess': { summary: 'Processa de novo uma compra recebida', answer: webhookProcessedResponseSchema, errors: [...REFUSED] },
    'POST /api/access/plans/:id/test-purchase': { summary: 'Simula uma compra de teste', body: testPurchaseInputSchema, answer: webhookProcessedResponseSchema, errors: [...REFUSED] },
  },
};
