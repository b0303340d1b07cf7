/**
 * Which outgoing-webhook event (shared/webhooks/events.ts) a change of an access is, the one rule for every writer
 * of access changes (member-service.ts, the expiry sweep): the end it reaches (expired, canceled, refunded,
 * chargeback, revoked), else what kept it holding (the Telegram account linked, a paid renewal, the operator's new
 * term). Written in the change's transaction.
 */
import type { AccessCause, AccessStatus } from '@shared/access/texts.ts';
import type { WebhookEventType } from '@shared/webhooks/events.ts';
import type { Queryable } from '../../../db/client.ts';
import { emitWebhookEvent, emitWebhookEvents } from '../../../ports/webhook-events.ts';

type AccessLike = { id: string; userId: string; planId: string; email: string | null; telegramId: bigint | number | null };
type Next = { status: AccessStatus; accessUntil: Date | null; cause: AccessCause };

const ENDS: Partial<Record<AccessStatus, WebhookEventType>> = {
  EXPIRED: 'access.expired', CANCELED: 'access.canceled', REFUNDED: 'access.refunded', CHARGEBACK: 'access.chargeback', REVOKED: 'access.revoked',
};

export function accessEventType(before: AccessStatus, next: Next, paid: boolean): WebhookEventType | undefined {
  const end = ENDS[next.status];
  if (end) return before === next.status ? undefined : end;
  if (next.cause === 'telegram') return 'access.linked';
  if (paid || next.cause === 'webhook') return 'access.renewed';
  return next.cause === 'operator' ? 'access.updated' : undefined;
}

const dataOf = (access: AccessLike, next: Next) => ({
  access: {
    id: access.id, planId: access.planId, status: next.status, accessUntil: next.accessUntil?.toISOString() ?? null,
    telegramUserId: access.telegramId === null ? null : String(access.telegramId), email: access.email,
  },
  cause: next.cause,
});

/** A change of an existing access (member-service.ts change()). */
export async function emitAccessChange(tx: Queryable, access: AccessLike & { status: AccessStatus }, next: Next, paid: boolean): Promise<void> {
  const type = accessEventType(access.status, next, paid);
  if (type) await emitWebhookEvent(tx, access.userId, type, dataOf(access, next));
}

/** A new access (a purchase, a grant). */
export async function emitAccessGranted(tx: Queryable, access: AccessLike, next: Next): Promise<void> {
  await emitWebhookEvent(tx, access.userId, 'access.granted', dataOf(access, next));
}

/** The sweep's moves that ended an access (a move into grace keeps it holding: no event). */
export async function emitSweptExpiries(tx: Queryable, moved: Array<AccessLike & { status: AccessStatus; accessUntil: Date | null }>): Promise<void> {
  await emitWebhookEvents(tx, moved.filter((row) => row.status === 'EXPIRED').map((row) => ({
    workspaceId: row.userId, type: 'access.expired', data: dataOf(row, { status: row.status, accessUntil: row.accessUntil, cause: 'schedule' }),
  })));
}
