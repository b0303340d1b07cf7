import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { flowConnectionSchema, flowMessageSchema, flowNodeSchema } from './graph.ts';

export const EXECUTION_CONTEXTS = ['private', 'group', 'supergroup', 'channel'] as const;
/** docs/product.md#state-create-flow: a new flow runs in private chats, groups and supergroups unless told otherwise. */
export const DEFAULT_EXECUTION_CONTEXTS = ['private', 'group', 'supergroup'] as const;

/** docs/product.md#rules-create-flow, verbatim: the create-flow modal and the server validate with the same texts. */
export const FLOW_TEXTS = {
  nameRequired: 'Nome do fluxo é obrigatório',
  botRequired: 'Selecione um bot',
  contextRequired: 'Selecione pelo menos um contexto de execução',
  channelRequired: 'Selecione pelo menos um channel quando o contexto "Canais" estiver ativo',
} as const;

/** A flow without its nodes and connections (the list and dashboard shape). */
export const flowSummarySchema = z.object({
  id: z.string(),
  botId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  triggerType: z.string().nullable(),
  executionContexts: z.array(z.enum(EXECUTION_CONTEXTS)),
  allowedChannelIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /flows/{id}: the summary plus, with includeNodes (the default), the graph and the flow's messages. */
export const flowDetailSchema = flowSummarySchema.extend({
  nodes: z.array(flowNodeSchema).optional(),
  connections: z.array(flowConnectionSchema).optional(),
  messages: z.array(flowMessageSchema).optional(),
});

/** GET /flows: each summary with its runs, counted as the editor's analytics chip counts them. */
export const flowListItemSchema = flowSummarySchema.extend({ executionCount: z.number().int() });

export const flowsResponseSchema = successEnvelope(z.object({ flows: z.array(flowSummarySchema) }));
export const flowListResponseSchema = successEnvelope(z.object({ flows: z.array(flowListItemSchema) }));
export const flowResponseSchema = successEnvelope(z.object({ flow: flowDetailSchema }));

/** The channel rule of docs/product.md#rules-create-flow, shared by create (whole input) and update (input merged with the stored flow). */
export function channelContextIssue(contexts: readonly string[], channelIds: readonly string[]): string | undefined {
  return contexts.includes('channel') && channelIds.length === 0 ? FLOW_TEXTS.channelRequired : undefined;
}

const flowFields = {
  name: storableString({ error: FLOW_TEXTS.nameRequired }).trim().min(1, { error: FLOW_TEXTS.nameRequired }).max(120),
  description: storableString().trim().max(500).nullable().optional(),
  botId: z.uuid({ error: FLOW_TEXTS.botRequired }),
  trigger: z.object({ type: storableString().min(1).max(64) }).default({ type: 'MESSAGE' }),
  executionContexts: z
    .array(z.enum(EXECUTION_CONTEXTS), { error: FLOW_TEXTS.contextRequired })
    .min(1, { error: FLOW_TEXTS.contextRequired }),
  allowedChannelIds: z.array(z.string().regex(/^-?\d+$/, { error: 'Canal inválido' })).default([]),
};

export const createFlowInputSchema = z
  .object({ id: z.uuid({ error: 'Identificador inválido' }).optional(), ...flowFields })
  .superRefine((input, ctx) => {
    const issue = channelContextIssue(input.executionContexts, input.allowedChannelIds);
    if (issue) ctx.addIssue({ code: 'custom', path: ['allowedChannelIds'], message: issue });
  });

export const updateFlowInputSchema = z.object({
  name: flowFields.name.optional(),
  description: flowFields.description,
  trigger: z.object({ type: storableString().min(1).max(64) }).optional(),
  executionContexts: flowFields.executionContexts.optional(),
  allowedChannelIds: z.array(z.string().regex(/^-?\d+$/, { error: 'Canal inválido' })).optional(),
  enabled: z.boolean().optional(),
});

export const duplicateFlowInputSchema = z.object({ name: flowFields.name });
/** GET /flows/{id}: `?includeNodes=false` leaves the graph out (docs/product.md#api-flows: the default is true). */
export const flowDetailQuerySchema = z.object({ includeNodes: z.enum(['true', 'false']).default('true') });
/** PATCH /flows/{id}/toggle: without a body it flips; `enabled` sets the state (a replayed offline intent). */
export const toggleFlowInputSchema = z.object({ enabled: z.boolean().optional() });

export type FlowSummary = z.infer<typeof flowSummarySchema>;
export type FlowListItem = z.infer<typeof flowListItemSchema>;
export type FlowDetail = z.infer<typeof flowDetailSchema>;
export type ExecutionContext = (typeof EXECUTION_CONTEXTS)[number];
export type CreateFlowInput = z.input<typeof createFlowInputSchema>;
export type UpdateFlowInput = z.input<typeof updateFlowInputSchema>;
