/** Route table (index.ts): flows, their graph (nodes, connections, messages), executions, analytics and welcome messages. */
import { deletedAnswerSchema, resetAnswerSchema } from '@shared/api/answers.ts';
import {
  executionListQuerySchema, executionResponseSchema, executionsResponseSchema, flowAnalyticsResponseSchema, nodeAnalyticsResponseSchema,
  testFlowInputSchema, testFlowResponseSchema,
} from '@shared/flows/executions.ts';
import {
  connectionResponseSchema, connectionsResponseSchema, createConnectionInputSchema, createMessageInputSchema, createNodeInputSchema,
  messageResponseSchema, nodeResponseSchema, nodesResponseSchema, updateMessageInputSchema, updateNodeInputSchema,
} from '@shared/flows/graph.ts';
import {
  createFlowInputSchema, duplicateFlowInputSchema, flowDetailQuerySchema, flowListResponseSchema, flowResponseSchema, flowsResponseSchema, toggleFlowInputSchema, updateFlowInputSchema,
} from '@shared/flows/schemas.ts';
import { variablesResponseSchema } from '@shared/flows/variables.ts';
import { welcomeMessageInputSchema, welcomeResponseSchema } from '@shared/welcome/schemas.ts';
import { flowListQuerySchema } from '../../flows/service.ts';
import type { RouteGroup } from './route-doc.ts';

export const FLOW_ROUTES: RouteGroup = {
  tag: 'Fluxos',
  description: 'Fluxos de conversa automática: gatilhos, nós, conexões, mensagens, execuções e métricas; mensagens de boas-vindas.',
  routes: {
    'GET /api/flows/channels/:channelId/welcome': { summary: 'Mostra a mensagem de boas-vindas de um grupo ou canal', answer: welcomeResponseSchema },
    'POST /api/flows/channels/:channelId/welcome': { summary: 'Salva a mensagem de boas-vindas de um grupo ou canal', body: welcomeMessageInputSchema, answer: welcomeResponseSchema },
    'GET /api/flows/:id/executions': { summary: 'Lista as execuções de um fluxo', query: executionListQuerySchema, answer: executionsResponseSchema },
    'GET /api/flows/:id/executions/:executionId': { summary: 'Mostra uma execução passo a passo', answer: executionResponseSchema },
    'POST /api/flows/nodes': { summary: 'Cria um nó', body: createNodeInputSchema, answer: nodeResponseSchema, status: 201 },
    'PUT /api/flows/nodes/:id': { summary: 'Altera um nó', body: updateNodeInputSchema, answer: nodeResponseSchema },
    'DELETE /api/flows/nodes/:id': { summary: 'Exclui um nó', answer: deletedAnswerSchema },
    'GET /api/flows/:id/nodes': { summary: 'Lista os nós de um fluxo', answer: nodesResponseSchema },
    'POST /api/flows/connections': { summary: 'Liga dois nós', body: createConnectionInputSchema, answer: connectionResponseSchema, status: 201, errors: ['CONNECTION_INVALID', 'CONNECTION_EXISTS'] },
    'DELETE /api/flows/connections/:id': { summary: 'Desfaz uma ligação', answer: deletedAnswerSchema },
    'GET /api/flows/:id/connections': { summary: 'Lista as ligações de um fluxo', answer: connectionsResponseSchema },
    'POST /api/flows/:id/messages': { summary: 'Cria uma mensagem do fluxo', body: createMessageInputSchema, answer: messageResponseSchema, status: 201 },
    'PUT /api/flows/messages/:id': { summary: 'Altera uma mensagem do fluxo', body: updateMessageInputSchema, answer: messageResponseSchema },
    'DELETE /api/flows/messages/:id': { summary: 'Exclui uma mensagem do fluxo', answer: deletedAnswerSchema },
    'GET /api/flows/': { summary: 'Lista os fluxos', query: flowListQuerySchema, answer: flowListResponseSchema },
    'POST /api/flows/': { summary: 'Cria um fluxo', body: createFlowInputSchema, answer: flowResponseSchema, status: 201 },
    'GET /api/flows/channel/:channelId': { summary: 'Lista os fluxos que valem num grupo ou canal', answer: flowsResponseSchema },
    'GET /api/flows/:id': { summary: 'Mostra um fluxo com seus nós', query: flowDetailQuerySchema, answer: flowResponseSchema },
    'PUT /api/flows/:id': { summary: 'Altera um fluxo', body: updateFlowInputSchema, answer: flowResponseSchema },
    'DELETE /api/flows/:id': { summary: 'Exclui um fluxo', answer: deletedAnswerSchema },
    'POST /api/flows/:id/duplicate': { summary: 'Duplica um fluxo', body: duplicateFlowInputSchema, answer: flowResponseSchema, status: 201 },
    'PATCH /api/flows/:id/toggle': { summary: 'Liga ou desliga um fluxo', body: toggleFlowInputSchema, answer: flowResponseSchema },
    'GET /api/flows/:id/available-variables': { summary: 'Lista as variáveis que as mensagens do fluxo podem usar', answer: variablesResponseSchema },
    'POST /api/flows/:id/test': { summary: 'Testa um fluxo (simulação ou envio real)', body: testFlowInputSchema, answer: testFlowResponseSchema, errors: ['BOT_NOT_RUNNING'] },
    'GET /api/analytics/flows/:id': { summary: 'Mostra as métricas de um fluxo', answer: flowAnalyticsResponseSchema },
    'GET /api/analytics/nodes/:id': { summary: 'Mostra as métricas de um nó', answer: nodeAnalyticsResponseSchema },
    'POST /api/analytics/flows/:id/reset': { summary: 'Zera as métricas de um fluxo', answer: resetAnswerSchema },
    'POST /api/analytics/nodes/:id/reset': { summary: 'Zera as métricas de um nó', answer: resetAnswerSchema },
  },
};
