/**
 * Nodes, connections and flow messages: the API shapes and the inputs that create and change them. Ids may come
 * from the client (UUID v4, docs/decisions.md#d-flows) so a flow can be edited offline and replayed later.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { findUnstorableText, storableString, UNSTORABLE_TEXT_MESSAGE } from '../api/storable-text.ts';
import { NODE_SUBTYPES, NODE_TYPES, nodeTypeOf } from './node-catalog.ts';
import { PARSE_MODES, parseNodeConfig } from './node-configs.ts';
import { flowButtonSchema, MAX_FLOW_BUTTONS } from './buttons.ts';

export const GRAPH_TEXTS = {
  subTypeMismatch: 'Subtipo não pertence ao tipo do nó',
  invalidHandle: 'Saída de conexão inválida',
  invalidId: 'Identificador inválido',
  invalidFlow: 'Fluxo inválido',
  invalidNode: 'Nó inválido',
} as const;

const id = z.uuid({ error: GRAPH_TEXTS.invalidId });
const finite = z.number().finite();
/** Display order of a node or message: a PostgreSQL integer column, so bounded by its maximum. */
export const MAX_SORT_ORDER = 2_147_483_647;
const sortOrder = z.number().int().min(0).max(MAX_SORT_ORDER);
export const positionSchema = z.object({ x: finite, y: finite });
/** Free-form until checked against its subtype; no key or text inside may be unstorable either way. */
const configRecord = z.record(z.string(), z.unknown()).refine((config) => !findUnstorableText(config), { error: UNSTORABLE_TEXT_MESSAGE });
/** A flow message's keyboard: rows of buttons, at most 4 in all; none is fine. */
const messageButtonsSchema = z
  .array(z.array(flowButtonSchema).min(1).max(MAX_FLOW_BUTTONS))
  .refine((rows) => rows.flat().length <= MAX_FLOW_BUTTONS, { error: 'Máximo de 4 botões permitidos' });

export const flowNodeSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  type: z.enum(NODE_TYPES),
  subType: z.enum(NODE_SUBTYPES as [string, ...string[]]),
  label: z.string(),
  position: positionSchema,
  config: configRecord,
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `default` everywhere, `true` / `false` on conditions, `button_{row}_{index}` on send_buttons (docs/product.md#screen-flow-editor). */
export const SOURCE_HANDLE = /^(default|true|false|button_\d+_\d+)$/;

export const flowConnectionSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  sourceNodeId: z.string(),
  targetNodeId: z.string(),
  sourceHandle: z.string(),
  targetHandle: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
});

export const flowMessageSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  nodeId: z.string().nullable(),
  content: z.string(),
  parseMode: z.enum(PARSE_MODES),
  buttons: messageButtonsSchema,
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const createNodeInputSchema = z
  .object({
    id: id.optional(),
    flowId: z.uuid({ error: GRAPH_TEXTS.invalidFlow }),
    type: z.enum(NODE_TYPES),
    subType: z.enum(NODE_SUBTYPES as [string, ...string[]]),
    position: positionSchema.default({ x: 0, y: 0 }),
    config: configRecord.default({}),
    label: storableString().trim().max(100).optional(),
    order: sortOrder.default(0),
  })
  .superRefine((input, ctx) => {
    if (nodeTypeOf(input.subType) !== input.type) ctx.addIssue({ code: 'custom', path: ['subType'], message: GRAPH_TEXTS.subTypeMismatch });
  })
  .transform((input, ctx) => {
    const subType = NODE_SUBTYPES.find((known) => known === input.subType) ?? 'send_text';
    const config = parseNodeConfig(subType, input.config);
    if (!config.success) {
      for (const issue of config.error.issues) ctx.addIssue({ code: 'custom', path: ['config', ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { ...input, subType, config: config.data as Record<string, unknown> };
  });

/** A partial change; the config is checked against the node's own subtype by the server. */
export const updateNodeInputSchema = z.object({
  label: storableString().trim().max(100).optional(),
  position: positionSchema.optional(),
  config: configRecord.optional(),
  order: sortOrder.optional(),
});

export const createConnectionInputSchema = z.object({
  id: id.optional(),
  flowId: z.uuid({ error: GRAPH_TEXTS.invalidFlow }),
  sourceNodeId: z.uuid({ error: GRAPH_TEXTS.invalidNode }),
  targetNodeId: z.uuid({ error: GRAPH_TEXTS.invalidNode }),
  sourceHandle: z.string().regex(SOURCE_HANDLE, { error: GRAPH_TEXTS.invalidHandle }).default('default'),
  targetHandle: storableString().max(64).default('default'),
  label: storableString().max(100).nullable().optional(),
});

export const createMessageInputSchema = z.object({
  id: id.optional(),
  nodeId: z.uuid({ error: GRAPH_TEXTS.invalidNode }).nullable().optional(),
  content: storableString().max(4096).default(''),
  parseMode: z.enum(PARSE_MODES).default('none'),
  buttons: messageButtonsSchema.default([]),
  order: sortOrder.default(0),
});

export const updateMessageInputSchema = z.object({
  content: storableString().max(4096).optional(),
  parseMode: z.enum(PARSE_MODES).optional(),
  buttons: messageButtonsSchema.optional(),
  order: sortOrder.optional(),
});

export const nodeResponseSchema = successEnvelope(z.object({ node: flowNodeSchema }));
export const nodesResponseSchema = successEnvelope(z.object({ nodes: z.array(flowNodeSchema) }));
export const connectionResponseSchema = successEnvelope(z.object({ connection: flowConnectionSchema }));
export const connectionsResponseSchema = successEnvelope(z.object({ connections: z.array(flowConnectionSchema) }));
export const messageResponseSchema = successEnvelope(z.object({ message: flowMessageSchema }));

export type FlowNode = z.infer<typeof flowNodeSchema>;
export type FlowConnection = z.infer<typeof flowConnectionSchema>;
export type FlowMessage = z.infer<typeof flowMessageSchema>;
export type CreateNodeInput = z.input<typeof createNodeInputSchema>;
export type UpdateNodeInput = z.input<typeof updateNodeInputSchema>;
export type CreateConnectionInput = z.input<typeof createConnectionInputSchema>;
export type CreateMessageInput = z.input<typeof createMessageInputSchema>;
export type UpdateMessageInput = z.input<typeof updateMessageInputSchema>;
