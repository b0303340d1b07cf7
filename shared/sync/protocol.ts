/**
 * The sync wire contract (docs/offline-sync.md#rule-3, #rule-4, #rule-5): POST /api/sync/push takes a batch of envelopes and
 * answers each one's fate; GET /api/sync/pull?cursor= answers the rows changed since the cursor, tombstones
 * included, in the same shapes the REST API answers.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { botSchema, channelSchema } from '../bots/schemas.ts';
import { welcomeMessageSchema } from '../welcome/schemas.ts';
import { flowSummarySchema } from '../flows/schemas.ts';
import { flowConnectionSchema, flowNodeSchema } from '../flows/graph.ts';
import { contactSchema } from '../contacts/schemas.ts';
import { labelSchema } from '../labels/schemas.ts';
import { conversationRowSchema, messageSchema } from '../messages/schemas.ts';
import { noteSchema } from '../notes/schemas.ts';
import { quickReplySchema } from '../quick-replies/schemas.ts';
import { MUTATION_NAMES } from './mutations.ts';

export const MAX_PUSH_BATCH = 500;
export const PULL_PAGE_SIZE = 2000;

export const SYNC_TEXTS = {
  unknownMutation: 'Alteração desconhecida',
  invalidBatch: 'Lote de alterações inválido',
  mixedClients: 'Um lote deve vir de um único cliente',
  invalidCursor: 'Cursor de sincronização inválido',
} as const;

/** One queued write. `clientId`: one UUID per browser profile and user; `mutationId`: 1, 2, 3… without gaps. */
export const mutationEnvelopeSchema = z.object({
  clientId: z.uuid({ error: 'Cliente inválido' }),
  mutationId: z.number().int().positive(),
  name: z.enum(MUTATION_NAMES as [string, ...string[]], { error: SYNC_TEXTS.unknownMutation }),
  args: z.unknown(),
  createdAt: storableString().max(64),
  /**
   * What the device saw when it made the edit (docs/offline-sync.md#rule-6): `version`, its pull cursor then, and
   * `fields`, the fields (shared/sync/fields.ts) the edit changed with the values it set. Absent (older clients,
   * intents that write no plain field): the mutation overwrites as it always did.
   */
  base: z
    .object({
      version: z.number().int().nonnegative(),
      fields: z.record(z.string().max(200), z.unknown()).refine((fields) => Object.keys(fields).length <= 200, { error: SYNC_TEXTS.invalidBatch }),
    })
    .optional(),
});

export const pushRequestSchema = z.object({
  mutations: z
    .array(mutationEnvelopeSchema)
    .min(1, { error: SYNC_TEXTS.invalidBatch })
    .max(MAX_PUSH_BATCH, { error: SYNC_TEXTS.invalidBatch })
    // One client per batch: the answer's lastMutationId is that client's.
    .refine((mutations) => mutations.every((m) => m.clientId === mutations[0]?.clientId), { error: SYNC_TEXTS.mixedClients }),
});

/** GET /api/sync/pull?cursor=: no cursor means 0 (everything). */
export const pullQuerySchema = z.object({
  cursor: z.coerce.number({ error: SYNC_TEXTS.invalidCursor }).int({ error: SYNC_TEXTS.invalidCursor }).nonnegative({ error: SYNC_TEXTS.invalidCursor }).default(0),
});

/**
 * - applied: the effect committed now, together with the id.
 * - conflict: applied, except the fields in `conflicts`: another device (or the server) changed them after the
 *   edit's base, and the newer value was kept. Recorded like a refusal: the id advanced, a resend answers it again.
 * - alreadyApplied: the id was at or below the client's last processed id; nothing happened (a resend).
 * - failed: the intent was refused (validation, not found, conflict); the id advanced and the reason is kept.
 * - gap: an earlier id is missing on the server; nothing happened; resend from `lastMutationId + 1`.
 */
export const MUTATION_STATUSES = ['applied', 'alreadyApplied', 'failed', 'conflict', 'gap'] as const;

/** One field a mutation did not overwrite: what this device set, what the server keeps, when and by whom it changed. */
export const fieldConflictSchema = z.object({
  field: z.string(),
  mine: z.unknown(),
  server: z.unknown(),
  changedAt: z.string(),
  /** Another device of the user changed it (false: the server itself or an API call). */
  byOtherDevice: z.boolean(),
});

export const mutationResultSchema = z.object({
  mutationId: z.number().int(),
  status: z.enum(MUTATION_STATUSES),
  code: z.string().optional(),
  message: z.string().optional(),
  conflicts: z.array(fieldConflictSchema).optional(),
});

export const pushResultSchema = z.object({
  /** The highest id the server has processed for this client after the batch. */
  lastMutationId: z.number().int().nonnegative(),
  results: z.array(mutationResultSchema),
});

export const welcomeRowSchema = welcomeMessageSchema.extend({ channelId: z.string(), botId: z.string() });

/** Everything the client caches; each array holds rows changed since the cursor (latest state). */
export const syncChangesSchema = z.object({
  bots: z.array(botSchema),
  channels: z.array(channelSchema),
  welcomeMessages: z.array(welcomeRowSchema),
  flows: z.array(flowSummarySchema),
  flowNodes: z.array(flowNodeSchema),
  flowConnections: z.array(flowConnectionSchema),
  contacts: z.array(contactSchema),
  /** The newest MESSAGES_LIMIT messages of each contact (older ones are read online, page by page). */
  messages: z.array(messageSchema),
  conversations: z.array(conversationRowSchema),
  /** Internal notes of the conversations; never messages (nothing counts or sends them). */
  notes: z.array(noteSchema),
  quickReplies: z.array(quickReplySchema),
  labels: z.array(labelSchema),
});

export const SYNC_TABLES = [
  'bots', 'channels', 'welcomeMessages', 'flows', 'flowNodes', 'flowConnections', 'contacts', 'messages', 'conversations', 'notes',
  'quickReplies', 'labels',
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

export const pullResultSchema = z.object({
  /** Pass it back as `cursor` next time; `0` (or no cursor) pulls everything. */
  cursor: z.number().int().nonnegative(),
  /** True when more rows changed than fit one page: pull again at once with the new cursor. */
  hasMore: z.boolean(),
  changes: syncChangesSchema,
  /** Rows deleted since the cursor (tombstones), by table; a welcome message's id is its channelId, a conversation's its contactId. */
  deleted: z.array(z.object({ table: z.enum(SYNC_TABLES), id: z.string() })),
  /**
   * The cursor sent was ahead of everything the server has for this user (its database was restored from a backup
   * or rebuilt): this page starts again from 0 and the client drops its cached rows before laying it down, since
   * deletions in between can no longer be reported.
   */
  reset: z.boolean().default(false),
});

export const pushResponseSchema = successEnvelope(pushResultSchema);
export const pullResponseSchema = successEnvelope(pullResultSchema);

export type MutationEnvelope = z.infer<typeof mutationEnvelopeSchema>;
export type MutationResult = z.infer<typeof mutationResultSchema>;
export type FieldConflict = z.infer<typeof fieldConflictSchema>;
export type PushResult = z.infer<typeof pushResultSchema>;
export type PullResult = z.infer<typeof pullResultSchema>;
export type SyncChanges = z.infer<typeof syncChangesSchema>;
export type WelcomeRow = z.infer<typeof welcomeRowSchema>;
