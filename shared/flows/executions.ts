/**
 * The engine's records as the API shows them (docs/decisions.md#d-flow-engine): executions with their steps and outcome, node visit
 * and button click analytics, and the test-run call of the editor.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { callbackByteLength, MAX_CALLBACK_BYTES } from './buttons.ts';

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

export const TEST_INPUT_TEXTS = {
  text: 'A mensagem de teste deve ter de 1 a 4096 caracteres',
  buttonData: 'O valor do botão deve ter de 1 a 64 bytes',
  contact: 'Informe o contato do teste',
} as const;

/** Telegram's limit on a text message, in characters. */
export const MAX_TEST_TEXT_LENGTH = 4096;

/**
 * Without a contact the test is a dry run with sample variables (an empty body included); with one, a real run
 * unless dryRun says otherwise. A real run without a contact has nobody to send to.
 * `text` is a message the contact sends: only the triggers it fires run (matched as the engine matches), with
 * message.text and command.args taken from it. `buttonData` is a button press: `flow_{nodeId}` continues at that
 * node (carrying `text`, when given, as the message the chat started with), any other value fires
 * trigger_button_clicked. With neither, every trigger of the flow runs.
 */
export const testFlowInputSchema = z
  .object({
    contactId: z.uuid().optional(),
    // A Telegram id fits in 52 bits: anything longer is no contact (and would overflow the database's bigint).
    telegramId: z
      .union([z.string(), z.number()], { error: TEST_INPUT_TEXTS.contact })
      .refine((id) => (typeof id === 'number' || /^\d{1,16}$/.test(id)) && Number.isSafeInteger(Number(id)) && Number(id) > 0, {
        error: TEST_INPUT_TEXTS.contact,
      })
      .optional(),
    dryRun: z.boolean().optional(),
    text: storableString({ error: TEST_INPUT_TEXTS.text })
      .max(MAX_TEST_TEXT_LENGTH, { error: TEST_INPUT_TEXTS.text })
      .refine((text) => text.trim() !== '', { error: TEST_INPUT_TEXTS.text })
      .optional(),
    buttonData: storableString({ error: TEST_INPUT_TEXTS.buttonData })
      .refine((data) => data !== '' && callbackByteLength(data) <= MAX_CALLBACK_BYTES, { error: TEST_INPUT_TEXTS.buttonData })
      .optional(),
  })
  .refine((input) => input.dryRun !== false || input.contactId !== undefined || input.telegramId !== undefined, {
    error: TEST_INPUT_TEXTS.contact,
    path: ['contactId'],
  })
  .transform((input) => ({ ...input, dryRun: input.dryRun ?? (input.contactId === undefined && input.telegramId === undefined) }));

export type TestFlowInput = z.output<typeof testFlowInputSchema>;

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
