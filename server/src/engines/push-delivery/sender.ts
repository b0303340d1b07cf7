/**
 * Web push of incoming messages (docs/decisions.md#web-push): the inbox announcer hands every stored batch to
 * `incoming`, which puts one `push.send` job per (subscription, conversation, coalescing window) on the job queue
 * and returns at once, so message handling never waits on a push service. The job runs at the end of its window
 * and reads the conversation then: ten messages in a second become one notification showing the newest one and
 * the unread count. At send time it skips a conversation the subscription's member has open in a visible tab (presence) or has
 * already read, encrypts with web-push (aes128gcm, RFC 8291; VAPID, RFC 8292) and POSTs with fetch. 404/410 deletes
 * the subscription; 429, 5xx and network failures throw, so the queue retries with backoff — never sooner than a
 * Retry-After the push service sent (RFC 8030 §8.4); other refusals are final (logged, not retried).
 */
import webpush from 'web-push';
import { z } from 'zod';
import { isActivity } from '@shared/messages/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { jobKind } from '../../jobs/queue.ts';
import { RetryLaterError, type JobContext, type JobHandler } from '../../jobs/run-job.ts';
import type { Logger } from '../../lib/logger.ts';
import type { VapidKeys } from '../../modules/push/service.ts';
import type { StoredMessage } from '../../ports/stored-messages.ts';
import { pushNotification } from './notification.ts';
import { postPush, PUSH_TIMEOUT_MS, PUSH_UNRESOLVED_MAX_TRIES, retryAfterMs, type PushAnswer } from './push-request.ts';
import * as repo from './repository.ts';
import type { SubscriptionRow } from './repository.ts';

export const pushSendJob = jobKind(
  'push.send',
  // `assigned`: the conversation was assigned to the subscription's member (absent: new incoming messages).
  z.object({ subscriptionId: z.uuid(), userId: z.uuid(), contactId: z.uuid(), assigned: z.literal(true).optional() }),
);

/** A burst of one conversation within this window is one notification, sent when the window ends. */
export const PUSH_COALESCE_MS = 2_000;
/** How long a push service keeps a notification for an offline device: a day-old "new message" is still news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type PushSenderDeps = {
  sql: Queryable;
  logger: Logger;
  vapid: VapidKeys;
  /** VAPID `sub` (PUSH_SUBJECT). */
  subject: string;
  /** PUSH_ALLOW_LOOPBACK: loopback endpoints skip the address check (a local fake push service in tests). */
  allowLoopback: boolean;
  coalesceMs?: number;
  /** Called after enqueueing (the worker's poke in tests); the worker's poll finds the jobs anyway. */
  enqueued?: () => void;
};

export type PushSender = ReturnType<typeof createPushSender>;

export function createPushSender(deps: PushSenderDeps) {
  const enqueueConversation = conversationEnqueuer(deps);
  const handler: JobHandler<typeof pushSendJob.payload> = {
    leaseMs: PUSH_TIMEOUT_MS * 3,
    async run(payload, context) {
      await sendPush(deps, payload, context);
    },
  };
  return {
    handler,
    /** The inbox announcer's hook: incoming messages only, one enqueue per conversation; never throws, never waits. */
    incoming(messages: StoredMessage[]) {
      const conversations = new Map<string, { userId: string; contactId: string }>();
      for (const message of messages) {
        // The contact's activity (a join, a button press) is shown in the conversation, never pushed.
        if (message.direction === 'in' && !isActivity(message.type)) conversations.set(`${message.userId}:${message.contactId}`, { userId: message.userId, contactId: message.contactId });
      }
      if (conversations.size === 0) return;
      void Promise.all([...conversations.values()].map(({ userId, contactId }) => enqueueConversation(userId, contactId)))
        .then(() => deps.enqueued?.())
        .catch((error: unknown) => deps.logger.warn('falha ao agendar push', { error }));
    },
    /** The inbox announcer's hook on an assignment: one push to each of the assignee's browsers, at once. */
    assigned({ userId, contactId, assigneeId, eventId }: { userId: string; contactId: string; assigneeId: string; eventId: string }) {
      void (async () => {
        for (const { id } of await repo.listMemberSubscriptionIds(deps.sql, userId, assigneeId)) {
          await pushSendJob.enqueue(deps.sql, { subscriptionId: id, userId, contactId, assigned: true }, { idempotencyKey: `${id}:assigned:${eventId}`, maxAttempts: 4, tenant: userId });
        }
        deps.enqueued?.();
      })().catch((error: unknown) => deps.logger.warn('falha ao agendar push', { error }));
    },
  };
}

/** One push.send job per subscription of the user, due when the conversation's coalescing window ends. */
function conversationEnqueuer(deps: PushSenderDeps) {
  const windowMs = deps.coalesceMs ?? PUSH_COALESCE_MS;
  // Keys enqueued lately by this process: a burst asks the database once per window, not once per message.
  const recent = new Map<string, number>();
  return async (userId: string, contactId: string) => {
    const bucket = Math.floor(Date.now() / windowMs);
    const runAt = new Date((bucket + 1) * windowMs);
    const conversationKey = `${userId}:${contactId}:${bucket}`;
    if (recent.has(conversationKey)) return;
    recent.set(conversationKey, bucket);
    for (const [key, seen] of recent) if (seen < bucket - 1) recent.delete(key);
    for (const { id } of await repo.listRecipientIds(deps.sql, userId, contactId)) {
      await pushSendJob.enqueue(deps.sql, { subscriptionId: id, userId, contactId }, { runAt, idempotencyKey: `${id}:${contactId}:${windowMs}:${bucket}`, maxAttempts: 4, tenant: userId });
    }
  };
}

async function sendPush(deps: PushSenderDeps, payload: z.output<typeof pushSendJob.payload>, context: JobContext) {
  const subscription = await repo.findSubscription(deps.sql, payload.subscriptionId);
  if (!subscription || subscription.userId !== payload.userId) return;
  const assigned = payload.assigned === true;
  // Open on this member's screen: nothing to announce to them (another member's screen silences only theirs).
  if (!assigned && (await repo.isConversationOpen(deps.sql, payload.userId, subscription.memberId, payload.contactId))) return;
  const content = await repo.findNotificationContent(deps.sql, payload.userId, payload.contactId);
  if (!content) return;
  // A conversation assigned meanwhile is pushed to its assignee only (and an assignment only while it holds).
  if (content.assigneeId !== null ? content.assigneeId !== subscription.memberId : assigned) return;
  // Read meanwhile (on this device or another): nothing new to announce.
  if (!assigned && (content.unreadCount === 0 || content.type === null)) return;
  const message = pushNotification(payload.contactId, content, assigned);
  const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(message), {
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
    // The push service itself replaces an undelivered push of the same conversation (RFC 8030 §5.4).
    topic: payload.contactId.replaceAll('-', ''),
    contentEncoding: 'aes128gcm',
    vapidDetails: { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
  });
  let answer: PushAnswer;
  try {
    answer = await postPush(request, deps.allowLoopback, context.signal);
  } catch (error) {
    if (!isUnresolvedName(error)) throw error;
    await countUnresolvedName(deps, subscription);
    return;
  }
  if (subscription.unresolvedTries > 0) await repo.clearUnresolved(deps.sql, subscription.id);
  await settle(deps, subscription, answer, context);
}

/**
 * A host name that does not exist will not exist a second later either, so the job is not retried; the next message
 * tries again, and after PUSH_UNRESOLVED_MAX_TRIES pushes in a row the subscription is removed (the browser subscribes
 * again when the app opens). One log line when the streak starts and one when it ends the subscription.
 */
async function countUnresolvedName(deps: PushSenderDeps, subscription: SubscriptionRow) {
  const origin = new URL(subscription.endpoint).origin;
  const tries = await repo.countUnresolved(deps.sql, subscription.id, subscription.endpoint);
  if (tries >= PUSH_UNRESOLVED_MAX_TRIES) {
    await repo.deleteSubscriptionById(deps.sql, subscription.id, subscription.endpoint);
    deps.logger.info('inscrição de push removida: o endereço do serviço não existe', { origin, tries });
  } else if (tries === 1) {
    deps.logger.warn('endereço do serviço de push não encontrado', { origin });
  }
}

const isUnresolvedName = (error: unknown) =>
  error instanceof Error && (('code' in error && error.code === 'ENOTFOUND') || error.message === 'no address');

/** 2xx done; 404/410 and an internal address delete the subscription; 429 and 5xx throw (retried); the rest is logged. */
async function settle(deps: PushSenderDeps, subscription: SubscriptionRow, { status, retryAfter }: PushAnswer, context: JobContext) {
  const { sql, logger } = deps;
  const origin = new URL(subscription.endpoint).origin;
  if (status === 'refused') {
    await repo.deleteSubscriptionById(sql, subscription.id, subscription.endpoint);
    logger.warn('inscrição de push com endereço interno removida', { origin });
    return;
  }
  if (status >= 200 && status < 300) {
    logger.debug('push entregue', { origin, jobId: context.job.id });
    return;
  }
  if (status === 404 || status === 410) {
    await repo.deleteSubscriptionById(sql, subscription.id, subscription.endpoint);
    logger.info('inscrição de push expirada removida', { origin, status });
    return;
  }
  if (status === 429 || status >= 500) {
    const message = `serviço de push respondeu ${status} (${origin})`;
    const afterMs = retryAfterMs(retryAfter, Date.now());
    throw afterMs === undefined ? new Error(message) : new RetryLaterError(message, afterMs);
  }
  logger.warn('serviço de push recusou a notificação', { origin, status });
}
