/**
 * One line per API route for the safety-net tests (tenant-matrix, bad-input): a valid body and query for a tenant's
 * own resources (so a refusal is about ownership or the input under test, never an unrelated validation), the
 * shared schema they satisfy, why a route is public, and extra cross-tenant requests carrying the victim's ids in
 * the body or query. A route missing here fails both tests with its name.
 */
import { memberFiguresQuerySchema } from '@shared/dashboard/member-figures.ts';
import { createBotInputSchema, updateBotInputSchema } from '@shared/bots/schemas.ts';
import { allContactsQuerySchema, contactListQuerySchema, contactTopQuerySchema, updateContactInputSchema } from '@shared/contacts/schemas.ts';
import { executionListQuerySchema, testFlowInputSchema } from '@shared/flows/executions.ts';
import { createConnectionInputSchema, createMessageInputSchema, createNodeInputSchema, updateMessageInputSchema, updateNodeInputSchema } from '@shared/flows/graph.ts';
import { createFlowInputSchema, duplicateFlowInputSchema, flowDetailQuerySchema, toggleFlowInputSchema, updateFlowInputSchema } from '@shared/flows/schemas.ts';
import { dataUrlUploadSchema } from '@shared/media/schemas.ts';
import { updateConversationInputSchema } from '@shared/messages/assignment.ts';
import { conversationsQuerySchema, messagesQuerySchema, sendMessageInputSchema, statsQuerySchema } from '@shared/messages/schemas.ts';
import { createPixelInputSchema, pixelTestEventInputSchema, updatePixelInputSchema } from '@shared/pixels/schemas.ts';
import { pushPresenceInputSchema, pushSubscriptionInputSchema, pushUnsubscribeInputSchema } from '@shared/push/schemas.ts';
import { pullQuerySchema, pushRequestSchema } from '@shared/sync/protocol.ts';
import { welcomeMessageInputSchema } from '@shared/welcome/schemas.ts';
import { contactLabelsInputSchema, createLabelInputSchema, updateLabelInputSchema } from '@shared/labels/schemas.ts';
import { broadcastListQuerySchema, broadcastRecipientsQuerySchema, broadcastStatsQuerySchema, createBroadcastInputSchema, duplicateBroadcastInputSchema, updateBroadcastInputSchema } from '@shared/broadcasts/schemas.ts';
import { createFunnelInputSchema, funnelMetricsQuerySchema, updateFunnelInputSchema } from '@shared/funnels/schemas.ts';
import { activityQuerySchema } from '@shared/dashboard/schemas.ts';
import { trackClickInputSchema, trackPageviewInputSchema } from '@shared/funnels/tracking.ts';
import { flowListQuerySchema } from '../modules/flows/service.ts';
import { PNG_1X1 } from './media-upload.ts';
import { ACCOUNT_ROUTE_FIXTURES } from './route-fixtures-account.ts';
import { INBOX_ROUTE_FIXTURES } from './route-fixtures-inbox.ts';
import { ACCESS_ROUTE_FIXTURES } from './route-fixtures-access.ts';
import { WEBHOOK_ROUTE_FIXTURES } from './route-fixtures-webhooks.ts';
import { CONTACT_FILE_ROUTE_FIXTURES } from './route-fixtures-contact-files.ts';
import type { CrossTenantRequest, RouteFixture } from './route-fixture-types.ts';
import type { Tenant } from './tenant-scene.ts';

export { PASSWORD, type CrossTenantRequest, type RouteFixture } from './route-fixture-types.ts';

const pngDataUrl = `data:image/png,${[...PNG_1X1].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}`;
const flowBody = (own: Tenant) => ({ name: 'Fluxo novo', botId: own.botId, executionContexts: ['private'] });
const nodeBody = (own: Tenant) => ({ flowId: own.flowId, type: 'action', subType: 'send_text', config: { message: 'Oi' }, order: 0 });
const connectionBody = (own: Tenant) => ({ flowId: own.flowId, sourceNodeId: own.nodeId, targetNodeId: own.spareNodeId });

const funnelBody = (own: Tenant) => ({ name: 'Funil novo', botId: own.botId, channelId: own.channelId, requireApproval: false });
const TRACKING_PUBLIC = 'public tracking call of a landing page: CORS-open, rate-limited, writes only the visit of the funnel its URL names';

const broadcastBody = (own: Tenant) => ({ name: 'Disparo novo', botId: own.botId, message: 'Olá <i>todos</i>', targetType: 'SELECTED', contactIds: [own.contactId] });

export const ROUTE_FIXTURES: Record<string, RouteFixture> = {
  ...ACCOUNT_ROUTE_FIXTURES,
  ...INBOX_ROUTE_FIXTURES,
  ...ACCESS_ROUTE_FIXTURES,
  ...WEBHOOK_ROUTE_FIXTURES,
  'GET /api/funnels/': {},
  'POST /api/funnels/': {
    body: { schema: createFunnelInputSchema, valid: funnelBody },
    crossTenant: (victim, attacker) => [
      { label: "victim's bot and channel", body: funnelBody(victim) },
      { label: "own bot, victim's channel", body: { ...funnelBody(attacker), channelId: victim.channelId } },
      { label: "own bot and channel, victim's pixel", body: { ...funnelBody(attacker), pixelIntegrationId: victim.pixelId } },
    ],
  },
  'GET /api/funnels/:id': {},
  'PUT /api/funnels/:id': {
    body: { schema: updateFunnelInputSchema, valid: () => ({ name: 'Funil renomeado', description: 'Descrição' }) },
    crossTenant: (victim, attacker) => [{ label: "own funnel, victim's pixel", params: { id: attacker.funnelId }, body: { pixelIntegrationId: victim.pixelId } }],
  },
  'DELETE /api/funnels/:id': {},
  'GET /api/dashboard/activity': { query: { schema: activityQuerySchema, valid: () => ({ days: '7', tz: 'America/Sao_Paulo' }) } },
  'GET /api/dashboard/members': { query: { schema: memberFiguresQuerySchema, valid: () => ({ days: '30' }) } },
  'GET /api/funnels/:id/metrics': { query: { schema: funnelMetricsQuerySchema, valid: () => ({ days: '7', tz: 'America/Sao_Paulo' }) } },
  'GET /api/js/:file': { public: 'the tracking script a landing page loads: the funnel link and public id only' },
  'OPTIONS /api/t/:uuid/pageview': { public: 'CORS preflight of a tracking call' },
  'OPTIONS /api/t/:uuid/click': { public: 'CORS preflight of a tracking call' },
  'POST /api/t/:uuid/pageview': {
    public: TRACKING_PUBLIC,
    body: { schema: trackPageviewInputSchema, valid: () => ({ visitId: crypto.randomUUID(), url: 'https://loja.exemplo.com/?utm_source=x', referrer: '', fbp: 'fb.1.1.1' }) },
  },
  'POST /api/t/:uuid/click': { public: TRACKING_PUBLIC, body: { schema: trackClickInputSchema, valid: () => ({ visitId: crypto.randomUUID(), fbc: 'fb.1.1.abc' }) } },
  'GET /api/broadcasts/': {
    query: { schema: broadcastListQuerySchema, valid: (own) => ({ page: '1', limit: '20', botId: own.botId, status: 'DRAFT', search: 'Disparo' }) },
    crossTenant: (victim) => [{ label: "victim's bot filter", query: { botId: victim.botId } }],
  },
  'GET /api/broadcasts/stats': {
    query: { schema: broadcastStatsQuerySchema, valid: (own) => ({ botId: own.botId }) },
    crossTenant: (victim) => [{ label: "victim's bot", query: { botId: victim.botId } }],
  },
  'POST /api/broadcasts/': {
    body: { schema: createBroadcastInputSchema, valid: broadcastBody },
    crossTenant: (victim, attacker) => [
      { label: "victim's bot", body: broadcastBody(victim) },
      { label: "own bot, victim's contact", body: { ...broadcastBody(attacker), contactIds: [victim.contactId] } },
      { label: "own bot, victim's broadcast id", takenId: true, body: { ...broadcastBody(attacker), id: victim.broadcastId } },
    ],
  },
  'GET /api/broadcasts/:id': {},
  'PATCH /api/broadcasts/:id': {
    body: { schema: updateBroadcastInputSchema, valid: () => ({ name: 'Disparo renomeado' }) },
    crossTenant: (victim, attacker) => [
      { label: "own broadcast, victim's bot", params: { id: attacker.broadcastId }, body: { botId: victim.botId } },
      { label: "own broadcast, victim's contact", params: { id: attacker.broadcastId }, body: { contactIds: [victim.contactId] } },
    ],
  },
  'DELETE /api/broadcasts/:id': {},
  'POST /api/broadcasts/:id/send': {},
  'POST /api/broadcasts/:id/cancel': {},
  'POST /api/broadcasts/:id/stop': {},
  'POST /api/broadcasts/:id/duplicate': { body: { schema: duplicateBroadcastInputSchema, valid: () => ({ name: 'Cópia' }) } },
  'GET /api/broadcasts/:id/progress': {},
  'GET /api/broadcasts/:id/recipients': { query: { schema: broadcastRecipientsQuerySchema, valid: () => ({ status: 'failed', page: '1' }) } },
  'POST /api/telegram/webhook/:botId': { public: "Telegram's webhook: the per-bot secret header authenticates", body: { valid: () => ({ update_id: 1 }) } },
  'GET /api/bots/': {},
  // A token no Telegram knows: valid input that fails at getMe, so nothing is created.
  'POST /api/bots/': { body: { schema: createBotInputSchema, valid: () => ({ token: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }) } },
  'GET /api/bots/:id': {},
  'PATCH /api/bots/:id': { body: { schema: updateBotInputSchema, valid: () => ({ isActive: true }) } },
  'DELETE /api/bots/:id': {},
  'GET /api/bots/:id/deletion-impact': {},
  'GET /api/bots/trash': {},
  'POST /api/bots/trash/:id/restore': {},
  'DELETE /api/bots/trash/:id': {},
  'GET /api/bots/:id/channels': {},
  'POST /api/bots/:id/channels/sync': {},
  'GET /api/channels/:id': {},
  'GET /api/flows/channels/:channelId/welcome': {},
  'POST /api/flows/channels/:channelId/welcome': { body: { schema: welcomeMessageInputSchema, valid: () => ({ message: 'Bem-vindo {firstName}' }) } },
  'GET /api/flows/:id/executions': { query: { schema: executionListQuerySchema, valid: () => ({ limit: '10' }) } },
  'GET /api/flows/:id/executions/:executionId': {},
  'POST /api/flows/:id/test': {
    body: { schema: testFlowInputSchema, valid: () => ({ dryRun: true, text: '/start abc', buttonData: 'promo' }) },
    crossTenant: (victim, attacker) => [{ label: "own flow, victim's contact", params: { id: attacker.flowId }, body: { contactId: victim.contactId, dryRun: true } }],
  },
  'GET /api/analytics/flows/:id': {},
  'GET /api/analytics/nodes/:id': {},
  'POST /api/analytics/flows/:id/reset': {},
  'POST /api/analytics/nodes/:id/reset': {},
  'POST /api/flows/nodes': {
    body: { schema: createNodeInputSchema, valid: nodeBody },
    crossTenant: (victim, attacker) => [
      { label: "victim's flow", body: nodeBody(victim) },
      { label: "own flow, victim's node id", takenId: true, body: { ...nodeBody(attacker), id: victim.nodeId } },
    ],
  },
  'PUT /api/flows/nodes/:id': { body: { schema: updateNodeInputSchema, valid: () => ({ label: 'Rótulo', position: { x: 5, y: 6 }, order: 1 }) } },
  'DELETE /api/flows/nodes/:id': {},
  'GET /api/flows/:id/nodes': {},
  'POST /api/flows/connections': {
    body: { schema: createConnectionInputSchema, valid: connectionBody },
    crossTenant: (victim, attacker) => [
      { label: "victim's flow and nodes", body: connectionBody(victim) },
      { label: "own flow, victim's target node", body: { ...connectionBody(attacker), targetNodeId: victim.spareNodeId } },
      { label: "own flow and nodes, victim's connection id", takenId: true, body: { ...connectionBody(attacker), id: victim.connectionId } },
    ],
  },
  'DELETE /api/flows/connections/:id': {},
  'GET /api/flows/:id/connections': {},
  'POST /api/flows/:id/messages': {
    body: { schema: createMessageInputSchema, valid: () => ({ content: 'Olá', parseMode: 'none', order: 0 }) },
    crossTenant: (victim, attacker) => [
      { label: "own flow, victim's node", params: { id: attacker.flowId }, body: { content: 'Olá', nodeId: victim.nodeId } },
      { label: "own flow, victim's message id", takenId: true, params: { id: attacker.flowId }, body: { content: 'Olá', id: victim.messageId } },
    ],
  },
  'PUT /api/flows/messages/:id': { body: { schema: updateMessageInputSchema, valid: () => ({ content: 'Novo texto', order: 1 }) } },
  'DELETE /api/flows/messages/:id': {},
  'GET /api/flows/': {
    query: { schema: flowListQuerySchema, valid: (own) => ({ botId: own.botId }) },
    crossTenant: (victim): CrossTenantRequest[] => [
      { label: "victim's bot", query: { botId: victim.botId } },
      { label: "victim's chat", query: { channelId: victim.chatId } },
    ],
  },
  'POST /api/flows/': {
    body: { schema: createFlowInputSchema, valid: flowBody },
    crossTenant: (victim, attacker) => [
      { label: "victim's bot", body: flowBody(victim) },
      { label: "own bot, victim's flow id", takenId: true, body: { ...flowBody(attacker), id: victim.flowId } },
    ],
  },
  'GET /api/flows/channel/:channelId': {
    crossTenant: (victim) => [{ label: "victim's chat id", params: { channelId: victim.chatId } }],
  },
  'GET /api/flows/:id': { query: { schema: flowDetailQuerySchema, valid: () => ({ includeNodes: 'true' }) } },
  'PUT /api/flows/:id': { body: { schema: updateFlowInputSchema, valid: () => ({ name: 'Renomeado', description: 'Descrição' }) } },
  'DELETE /api/flows/:id': {},
  'POST /api/flows/:id/duplicate': { body: { schema: duplicateFlowInputSchema, valid: () => ({ name: 'Cópia' }) } },
  'PATCH /api/flows/:id/toggle': { body: { schema: toggleFlowInputSchema, valid: () => ({ enabled: false }) } },
  'GET /api/flows/:id/available-variables': {},
  'GET /api/contacts/': {
    query: { schema: contactListQuerySchema, valid: (own) => ({ botId: own.botId, page: '1', limit: '20' }) },
    crossTenant: (victim) => [{ label: "victim's bot", query: { botId: victim.botId } }],
  },
  'GET /api/contacts/all': {
    query: { schema: allContactsQuerySchema, valid: () => ({ search: 'a', isBot: 'false', sortBy: 'firstName', sortOrder: 'asc' }) },
    crossTenant: (victim): CrossTenantRequest[] => [
      { label: "victim's bot", query: { botId: victim.botId } },
      { label: "victim's label", query: { label: victim.labelId } },
    ],
  },
  'GET /api/contacts/all/stats': {},
  'GET /api/contacts/bot/:id': { query: { schema: contactListQuerySchema, valid: () => ({ page: '1', limit: '20' }) } },
  'GET /api/contacts/bot/:id/stats': {},
  'GET /api/contacts/bot/:id/most-active': { query: { schema: contactTopQuerySchema, valid: () => ({ limit: '5' }) } },
  'GET /api/contacts/bot/:id/recent': { query: { schema: contactTopQuerySchema, valid: () => ({ limit: '5' }) } },
  'GET /api/contacts/:id': {},
  'PUT /api/contacts/:id': { body: { schema: updateContactInputSchema, valid: () => ({ firstName: 'Maria', lastName: 'Silva', phoneNumber: '+55 11 99999-0000' }) } },
  'DELETE /api/contacts/:id': {},
  'GET /api/contacts/:id/export': {},
  ...CONTACT_FILE_ROUTE_FIXTURES,
  'DELETE /api/contacts/:id/data': {},
  'GET /api/messages/conversations': {
    query: { schema: conversationsQuerySchema, valid: (own) => ({ assignee: 'me', status: 'OPEN', unread: 'false', label: own.labelId }) },
    crossTenant: (victim) => [{ label: "victim's label", query: { label: victim.labelId } }],
  },
  'PATCH /api/messages/conversations/:id': {
    body: { schema: updateConversationInputSchema, valid: (own) => ({ assigneeId: own.userId, status: 'PENDING' }) },
    crossTenant: (victim, attacker) => [{ label: 'own conversation, the victim as assignee', params: { id: attacker.contactId }, body: { assigneeId: victim.userId } }],
  },
  'GET /api/messages/assignees': {},
  'GET /api/labels/': {},
  'POST /api/labels/': {
    body: { schema: createLabelInputSchema, valid: () => ({ name: `Nova ${crypto.randomUUID().slice(0, 8)}`, color: 'green' }) },
    crossTenant: (victim, attacker) => [{ label: "victim's label id", takenId: true, body: { id: victim.labelId, name: `Outra ${attacker.marker}`.slice(0, 30) } }],
  },
  'PATCH /api/labels/:id': { body: { schema: updateLabelInputSchema, valid: () => ({ color: 'red' }) } },
  'DELETE /api/labels/:id': {},
  'PUT /api/contacts/:id/labels': {
    body: { schema: contactLabelsInputSchema, valid: (own) => ({ labelIds: [own.labelId] }) },
    crossTenant: (victim, attacker) => [{ label: "own contact, victim's label", params: { id: attacker.contactId }, body: { labelIds: [victim.labelId] } }],
  },
  'GET /api/messages/stats': {
    query: { schema: statsQuerySchema, valid: (own) => ({ botId: own.botId }) },
    crossTenant: (victim) => [{ label: "victim's bot", query: { botId: victim.botId } }],
  },
  'GET /api/messages/contact/:id': { query: { schema: messagesQuerySchema, valid: () => ({ limit: '20' }) } },
  'POST /api/messages/send': {
    body: { schema: sendMessageInputSchema, valid: (own) => ({ id: crypto.randomUUID(), botId: own.botId, contactId: own.contactId, text: 'Olá' }) },
    crossTenant: (victim, attacker) => [
      { label: "victim's contact", body: { id: crypto.randomUUID(), botId: victim.botId, contactId: victim.contactId, text: 'Invadido' } },
      { label: "own contact, victim's message id", takenId: true, body: { id: victim.inboxMessageId, botId: attacker.botId, contactId: attacker.contactId, text: 'Oi' } },
    ],
  },
  'PATCH /api/messages/contact/:id/read-all': {},
  'PATCH /api/messages/:id/read': {},
  'GET /api/events': {},
  'POST /api/media/upload': { body: { schema: dataUrlUploadSchema, valid: () => ({ file: pngDataUrl, fileName: 'foto.png' }) } },
  'GET /api/media/:id': {},
  'POST /api/sync/push': {
    viaMutations: true,
    body: {
      schema: pushRequestSchema,
      valid: (own) => ({
        mutations: [{ clientId: crypto.randomUUID(), mutationId: 1, name: 'flow.setEnabled', args: { flowId: own.flowId, enabled: true }, createdAt: new Date().toISOString() }],
      }),
    },
  },
  'GET /api/sync/pull': { query: { schema: pullQuerySchema, valid: () => ({ cursor: '0' }) } },
  'GET /api/pixels/': {},
  'POST /api/pixels/': { body: { schema: createPixelInputSchema, valid: () => ({ name: 'Pixel novo', pixelId: '123456789012345', accessToken: `EAAB${'n'.repeat(40)}` }) } },
  'PUT /api/pixels/:id': { body: { schema: updatePixelInputSchema, valid: () => ({ name: 'Pixel renomeado', pixelId: '987654321098765', accessToken: '' }) } },
  'DELETE /api/pixels/:id': {},
  // The test server's META_GRAPH_URL is a local fake Graph endpoint (start-test-server.ts): no call leaves the machine.
  'POST /api/pixels/:id/test-event': { body: { schema: pixelTestEventInputSchema, valid: () => ({ testEventCode: 'TEST12345' }) } },
  'GET /api/push/public-key': {},
  'POST /api/push/subscriptions': {
    body: { schema: pushSubscriptionInputSchema, valid: (own) => pushSubscriptionBody(`${own.marker}-${crypto.randomUUID()}`) },
    // The victim's browser subscribed under the attacker's account: the attacker's own row, the victim's untouched.
    crossTenant: (victim) => [{ label: "victim's endpoint", body: { ...pushSubscriptionBody(''), endpoint: victim.pushEndpoint } }],
  },
  'DELETE /api/push/subscriptions': {
    body: { schema: pushUnsubscribeInputSchema, valid: () => ({ endpoint: 'https://push.canalize.invalid/nenhum' }) },
    crossTenant: (victim) => [{ label: "victim's endpoint", body: { endpoint: victim.pushEndpoint } }],
  },
  'PUT /api/push/presence': {
    body: { schema: pushPresenceInputSchema, valid: (own) => ({ tabId: crypto.randomUUID(), contactId: own.contactId }) },
    crossTenant: (victim) => [{ label: "victim's contact", body: { tabId: crypto.randomUUID(), contactId: victim.contactId } }],
  },
};

/** A browser-shaped PushSubscription (keys of the right sizes) on a public https push service. */
export function pushSubscriptionBody(id: string) {
  return {
    endpoint: `https://push.canalize.invalid/send/${id}`,
    expirationTime: null,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  };
}

export const missingFixtures = (keys: string[]) =>
  keys.filter((key) => !(key in ROUTE_FIXTURES)).map((key) => `${key}: no fixture — add a line to ROUTE_FIXTURES (test-support/route-fixtures.ts)`);
