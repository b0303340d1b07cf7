/** A broadcast row as the API answers it (the shared `broadcastSchema`). */
import { broadcastSchema, type Broadcast } from '@shared/broadcasts/answers.ts';
import { broadcastUploadedMediaId } from '@shared/broadcasts/schemas.ts';
import type * as repo from './repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Before the send starts, the audience as it stands now; afterwards, the one written. */
function audienceOf(row: repo.BroadcastRow) {
  const notStarted = row.status === 'DRAFT' || row.status === 'SCHEDULED';
  return notStarted
    ? { audienceCount: row.audienceNow?.total ?? 0, audienceBlockedCount: row.audienceNow?.blocked ?? 0 }
    : { audienceCount: row.total, audienceBlockedCount: row.skipped };
}

export function toBroadcast(row: repo.BroadcastRow): Broadcast {
  const media = row.mediaType && row.mediaUrl
    ? { type: row.mediaType, url: row.mediaUrl, uploadedMediaId: broadcastUploadedMediaId(row.mediaUrl) ?? null, caption: row.caption }
    : null;
  return broadcastSchema.parse({
    id: row.id,
    name: row.name,
    botId: row.botId,
    bot: { name: row.botName, username: row.botUsername },
    message: row.message,
    parseMode: 'HTML',
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    caption: row.caption,
    media,
    buttons: row.buttons,
    targetType: row.targetType,
    contactIds: row.contactIds,
    labelId: row.labelId,
    scheduledFor: iso(row.scheduledFor),
    status: row.status,
    sentCount: row.sent,
    failedCount: row.failed,
    totalCount: row.total,
    statistics: { total: row.total, sent: row.sent, failed: row.failed, skipped: row.skipped, pending: row.pending },
    ...audienceOf(row),
    ratePerSecond: row.botRate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    error: row.error,
  });
}
