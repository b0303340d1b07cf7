import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

export const EXECUTION_CONTEXTS = ['private', 'group', 'supergroup', 'channel'] as const;

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

export const flowsResponseSchema = successEnvelope(z.object({ flows: z.array(flowSummarySchema) }));

export type FlowSummary = z.infer<typeof flowSummarySchema>;
export type ExecutionContext = (typeof EXECUTION_CONTEXTS)[number];
