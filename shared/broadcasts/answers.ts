/**
 * What the broadcast endpoints answer (docs/product.md#entity-broadcast, #api-broadcasts): the broadcast with its
 * statistics and resolved media, its progress, the per-bot stats and the per-recipient outcomes.
 */
import { z } from 'zod';
import { paginationSchema, successEnvelope } from '../api/envelope.ts';
import { BROADCAST_MEDIA_TYPES, BROADCAST_PARSE_MODE, BROADCAST_TARGET_TYPES } from './schemas.ts';
import { BROADCAST_STATUSES, RECIPIENT_STATUSES } from './status-machine.ts';

export const broadcastButtonViewSchema = z.object({ text: z.string(), type: z.enum(['url', 'callback']), value: z.string() });

/** Exact counts, read from the per-recipient table (never counters). Before the first send all are 0. */
export const broadcastStatisticsSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  /** failed + skipped. */
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
});

/** The broadcast as every endpoint answers it (docs/product.md#entity-broadcast plus statistics and media). */
export const broadcastSchema = z.object({
  id: z.string(),
  name: z.string(),
  botId: z.string(),
  bot: z.object({ name: z.string(), username: z.string() }),
  message: z.string(),
  parseMode: z.literal(BROADCAST_PARSE_MODE),
  mediaType: z.enum(BROADCAST_MEDIA_TYPES).nullable(),
  mediaUrl: z.string().nullable(),
  caption: z.string().nullable(),
  /** The same media, resolved: an uploaded file's id when mediaUrl is `/api/media/{id}`. */
  media: z
    .object({ type: z.enum(BROADCAST_MEDIA_TYPES), url: z.string(), uploadedMediaId: z.string().nullable(), caption: z.string().nullable() })
    .nullable(),
  buttons: z.array(z.object({ buttons: z.array(broadcastButtonViewSchema) })),
  targetType: z.enum(BROADCAST_TARGET_TYPES),
  contactIds: z.array(z.string()),
  /** The label of a LABEL audience (null: none, or its label was deleted and the broadcast reaches nobody). */
  labelId: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  status: z.enum(BROADCAST_STATUSES),
  /** = statistics.sent / statistics.failed / statistics.total. */
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  totalCount: z.number().int(),
  statistics: broadcastStatisticsSchema,
  /**
   * Who it reaches. Before the send starts (DRAFT, SCHEDULED): the contacts its audience holds now, counted with the
   * rule the send writes its recipients with; once started: the audience written (= statistics.total). Null only on
   * a draft of this device the server has not taken yet.
   */
  audienceCount: z.number().int().nullable(),
  /** Of those, contacts who blocked the bot: skipped, never sent to (once started: statistics.skipped). */
  audienceBlockedCount: z.number().int().nullable(),
  /** Messages a second this bot sends broadcasts at (shared by its broadcasts). */
  ratePerSecond: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
});

/** GET /broadcasts/{id}/progress. current = sent + failed; percentage = round(current / total × 100), 0 when total is 0. */
export const broadcastProgressSchema = z.object({
  status: z.enum(BROADCAST_STATUSES),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  total: z.number().int(),
  current: z.number().int(),
  percentage: z.number().int(),
});

export function progressOf(counts: { sent: number; failed: number; total: number }) {
  const current = counts.sent + counts.failed;
  return { current, percentage: counts.total === 0 ? 0 : Math.round((current / counts.total) * 100) };
}

/** GET /broadcasts/stats. averageSuccessRate: mean of sent / total × 100 over broadcasts with recipients, 1 decimal. */
export const broadcastStatsSchema = z.object({
  total: z.number().int(),
  totalSent: z.number().int(),
  totalFailed: z.number().int(),
  averageSuccessRate: z.number(),
});

export const broadcastRecipientSchema = z.object({
  contactId: z.string().nullable(),
  telegramId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  /** A recipient being sent right now reads as pending. */
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  telegramMessageId: z.string().nullable(),
  updatedAt: z.string(),
});

export const broadcastResponseSchema = successEnvelope(z.object({ broadcast: broadcastSchema }));
export const broadcastsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ broadcasts: z.array(broadcastSchema) }),
  pagination: paginationSchema,
});
export const broadcastProgressResponseSchema = successEnvelope(z.object({ progress: broadcastProgressSchema }));
export const broadcastStatsResponseSchema = successEnvelope(z.object({ stats: broadcastStatsSchema }));
export const broadcastRecipientsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ recipients: z.array(broadcastRecipientSchema) }),
  pagination: paginationSchema,
});
export const broadcastDeletedResponseSchema = successEnvelope(z.object({ deleted: z.literal(true) }));

export type Broadcast = z.infer<typeof broadcastSchema>;
export type BroadcastButton = z.infer<typeof broadcastButtonViewSchema>;
export type BroadcastButtonRow = Broadcast['buttons'][number];
export type BroadcastStatistics = z.infer<typeof broadcastStatisticsSchema>;
export type BroadcastProgress = z.infer<typeof broadcastProgressSchema>;
export type BroadcastStats = z.infer<typeof broadcastStatsSchema>;
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;
