/**
 * The named mutations of the offline outbox (docs/offline-sync.md#rule-3): each describes an intent, not a row
 * image, so the server re-runs it against current state through the same service the REST route uses. The client
 * validates args with these schemas before enqueueing; the server validates them again before applying.
 */
import { z } from 'zod';
import { broadcastRateSchema } from '../bots/schemas.ts';
import { welcomeMessageInputSchema } from '../welcome/schemas.ts';
import { createFlowInputSchema, updateFlowInputSchema } from '../flows/schemas.ts';
import { sendMessageInputSchema } from '../messages/schemas.ts';
import { updateContactInputSchema } from '../contacts/schemas.ts';
import { createBroadcastFieldsSchema, updateBroadcastInputSchema, withContentRules } from '../broadcasts/schemas.ts';
import { createConnectionInputSchema, createNodeInputSchema, positionSchema, updateNodeInputSchema } from '../flows/graph.ts';

const id = z.uuid({ error: 'Identificador inválido' });
/** Creations offline carry the id the client already shows; without it the server would invent another one. */
const ID_REQUIRED = 'Identificador obrigatório para alterações offline';
const withId = <K extends string>(key: K) => (args: Record<K, { id?: string | undefined }>) => args[key].id !== undefined;

export const mutationArgsSchemas = {
  /** PATCH /bots/{id} {isActive}. */
  'bot.setActive': z.object({ botId: id, isActive: z.boolean() }),
  /** PATCH /bots/{id} {broadcastRate}: messages a second for the bot's broadcasts. */
  'bot.setBroadcastRate': z.object({ botId: id, broadcastRate: broadcastRateSchema }),
  /** DELETE /bots/{id}. */
  'bot.delete': z.object({ botId: id }),
  /** POST /flows/channels/{channelId}/welcome (channelId is the channel record id). */
  'welcome.save': z.object({ channelId: id, welcome: welcomeMessageInputSchema }),
  /** POST /flows with a client-generated id (required here: the client already shows the flow). */
  'flow.create': z.object({ flow: createFlowInputSchema }).refine(withId('flow'), { error: ID_REQUIRED, path: ['flow', 'id'] }),
  /** PUT /flows/{id}: rename, description, trigger, contexts. */
  'flow.update': z.object({ flowId: id, changes: updateFlowInputSchema }),
  /** PATCH /flows/{id}/toggle with an explicit state, so a replay sets rather than flips. */
  'flow.setEnabled': z.object({ flowId: id, enabled: z.boolean() }),
  /** DELETE /flows/{id}. */
  'flow.delete': z.object({ flowId: id }),
  /** POST /flows/nodes with a client-generated id. */
  'node.create': z.object({ node: createNodeInputSchema }).refine(withId('node'), { error: ID_REQUIRED, path: ['node', 'id'] }),
  /** PUT /flows/nodes/{id}: label, config, order, position. */
  'node.update': z.object({ nodeId: id, changes: updateNodeInputSchema }),
  /** Salvar: every node position of one flow at once (docs/product.md#state-flow-editor). */
  'node.savePositions': z.object({ flowId: id, positions: z.array(z.object({ nodeId: id, position: positionSchema })).max(5000) }),
  /** DELETE /flows/nodes/{id} (its connections go with it). */
  'node.delete': z.object({ nodeId: id }),
  /** POST /flows/connections with a client-generated id. */
  'connection.create': z
    .object({ connection: createConnectionInputSchema })
    .refine(withId('connection'), { error: ID_REQUIRED, path: ['connection', 'id'] }),
  /** DELETE /flows/connections/{id}. */
  'connection.delete': z.object({ connectionId: id }),
  /**
   * POST /messages/send with the client's id, its idempotency key: a reply typed offline is sent once when the
   * outbox is replayed, however often the push is repeated (docs/decisions.md#p-inbox).
   */
  'message.send': z.object({ message: sendMessageInputSchema.omit({ chatId: true }).required({ id: true }) }),
  /** PATCH /messages/contact/{id}/read-all: opening a conversation marks it read, offline too. */
  'conversation.markRead': z.object({ contactId: id }),
  /** PUT /contacts/{id}: only the fields sent change (a replay sets, it never toggles). */
  'contact.update': z.object({ contactId: id, changes: updateContactInputSchema }),
  /** DELETE /contacts/{id} (its messages go with it). */
  'contact.delete': z.object({ contactId: id }),
  /**
   * POST /broadcasts with the client's id, as a DRAFT only: scheduling and sending need the server (a schedule
   * replayed later could already be past), so the offline form has no scheduledFor.
   */
  'broadcast.create': z
    .object({ broadcast: withContentRules(createBroadcastFieldsSchema.omit({ scheduledFor: true })) })
    .refine(withId('broadcast'), { error: ID_REQUIRED, path: ['broadcast', 'id'] }),
  /** PATCH /broadcasts/{id} without scheduledFor: content, bot and audience of a DRAFT, SCHEDULED or FAILED broadcast. */
  'broadcast.update': z.object({ broadcastId: id, changes: updateBroadcastInputSchema.omit({ scheduledFor: true }) }),
  /** DELETE /broadcasts/{id} (any status but SENDING). */
  'broadcast.delete': z.object({ broadcastId: id }),
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export const MUTATION_NAMES = Object.keys(mutationArgsSchemas) as MutationName[];
export type MutationArgs<N extends MutationName> = z.input<(typeof mutationArgsSchemas)[N]>;
export type ParsedMutationArgs<N extends MutationName> = z.output<(typeof mutationArgsSchemas)[N]>;

export const isMutationName = (name: string): name is MutationName => Object.hasOwn(mutationArgsSchemas, name);
