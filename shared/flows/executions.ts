/**
 * The engine's records as the API shows them (docs/decisions.md#d-flow-engine): executions with their steps and outcome, node visit
 * and button click analytics, and the test-run call of the editor.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

export const EXECUTION_STATUSES = ['running', 'waiting', 'completed', 'failed', 'stopped'] as const;
/** docs/decisions.md#d-flow-engine: an execution stops after this many steps. */
export const MAX_EXECUTION_STEPS = 100;

export const executionStepSchema = z.object({
  nodeId: z.string(),
  subType: z.string(),
  /** ok, failed, skipped (nothing to do), scheduled (a delay), loop_guard, dry_run. */
  outcome: z.string(),
  handle: z.string().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
  /** The step's own time and the part of it spent waiting on Telegram or an HTTP endpoint. */
  ms: z.number(),
  externalMs: z.number(),
});

export const executionSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  contactTelegramId: z.string(),
  chatId: z.string(),
  triggerNodeId: z.string().nullable(),
  status: z.enum(EXECUTION_STATUSES),
  stepCount: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const executionDetailSchema = executionSchema.extend({ steps: z.array(executionStepSchema) });

const LIMIT_RANGE = { error: 'O limite deve ser um número inteiro de 1 a 200' };
export const executionListQuerySchema = z.object({
  limit: z.coerce.number(LIMIT_RANGE).int(LIMIT_RANGE).min(1, LIMIT_RANGE).max(200, LIMIT_RANGE).default(50),
});

export const buttonClicksSchema = z.object({ buttonId: z.string(), clicks: z.number().int(), percentage: z.number() });

export const flowAnalyticsSchema = z.object({
  flowId: z.string(),
  executionCount: z.number().int(),
  completedCount: z.number().int(),
  failedCount: z.number().int(),
  totalVisits: z.number().int(),
  /** Every node with a visit or a click: the editor's visit badges and button counts in one call. */
  nodes: z.array(z.object({ nodeId: z.string(), visits: z.number().int(), buttonClicks: z.array(buttonClicksSchema) })),
});

export const nodeAnalyticsSchema = z.object({
  nodeId: z.string(),
  totalVisits: z.number().int(),
  buttonClicks: z.array(buttonClicksSchema),
});

/**
 * Without a contact the test is a dry run with sample variables (an empty body included); with one, a real run
 * unless dryRun says otherwise. A real run without a contact has nobody to send to.
 */
export const testFlowInputSchema = z
  .object({
    contactId: z.uuid().optional(),
    telegramId: z.union([z.string().regex(/^\d+$/), z.number().int().positive()]).optional(),
    dryRun: z.boolean().optional(),
  })
  .refine((input) => input.dryRun !== false || input.contactId !== undefined || input.telegramId !== undefined, {
    error: 'Informe o contato do teste',
    path: ['contactId'],
  })
  .transform((input) => ({ ...input, dryRun: input.dryRun ?? (input.contactId === undefined && input.telegramId === undefined) }));

export const testFlowResultSchema = z.object({
  dryRun: z.boolean(),
  executionId: z.string().nullable(),
  status: z.enum(EXECUTION_STATUSES),
  steps: z.array(executionStepSchema),
});

export const executionsResponseSchema = successEnvelope(z.object({ executions: z.array(executionSchema) }));
export const executionResponseSchema = successEnvelope(z.object({ execution: executionDetailSchema }));
export const flowAnalyticsResponseSchema = successEnvelope(z.object({ analytics: flowAnalyticsSchema }));
export const nodeAnalyticsResponseSchema = successEnvelope(z.object({ analytics: nodeAnalyticsSchema }));
export const testFlowResponseSchema = successEnvelope(z.object({ result: testFlowResultSchema }));

export type ExecutionStep = z.infer<typeof executionStepSchema>;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export type Execution = z.infer<typeof executionSchema>;
export type ExecutionDetail = z.infer<typeof executionDetailSchema>;
export type FlowAnalytics = z.infer<typeof flowAnalyticsSchema>;
export type NodeAnalytics = z.infer<typeof nodeAnalyticsSchema>;
export type TestFlowResult = z.infer<typeof testFlowResultSchema>;
