/**
 * Web push of incoming messages (docs/decisions.md#web-push): the inbox announcer hands every stored batch to
 * `incoming`, which puts one `push.send` job per (subscription, conversation, coalescing window) on the job queue
 * and returns at once, so message handling never waits on a push service. The job runs at the end of its window
 * and reads the conversation then: ten messages in a second become one notification showing the newest one and
 * the unread count. At send time it skips a conversation the user has open in a visible tab (presence) or has
 * already read, encrypts with web-push (aes128gcm, RFC 8291; VAPID, RFC 8292) and POSTs with fetch. 404/410 deletes
 * the subscription; 429, 5xx and network failures throw, so the queue retries with backoff — never sooner than a
 * Retry-After the push service sent (RFC 8030 §8.4); other refusals are final (logged, not retried).
 */
import webpush from 'web-push';
import { isIP } from 'node:net';
import { z } from 'zod';
import { contactDisplayName } from '@shared/contacts/rules.ts';
import { MESSAGE_TYPE_LABELS } from '@shared/messages/kind.ts';
import type { MessageType } from '@shared/messages/schemas.ts';
import { conversationPath, conversationTag } from '@shared/push/message.ts';
import { pushMessageSchema } from '@shared/push/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { jobKind } from '../../jobs/queue.ts';
import { RetryLaterError, type JobContext, type JobHandler } from '../../jobs/run-job.ts';
import type { Logger } from '../../lib/logger.ts';
import { checkTarget } from '../../runtime/flow-engine/address-guard.ts';
import type { StoredMessage } from '../../runtime/telegram/journal/contact-journal.ts';
import * as repo from './repository.ts';
import { isLoopbackHost, type VapidKeys } from './service.ts';

export const pushSendJob = jobKind(
  'push.send',
  z.object({ subscriptionId: z.uuid(), userId: z.uuid(), contactId: z.uuid() }),
);

/** A burst of one conversation within this window is one notification, sent when the window ends. */
export const PUSH_COALESCE_MS = 2_000;
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for an offline device: a day-old "new message" is still news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PREVIEW_CHARS = 180;

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
  const { sql, logger } = deps;
  const windowMs = deps.coalesceMs ?? PUSH_COALESCE_MS;
  // Keys enqueued lately by this process: a burst asks the database once per window, not once per message.
  const recent = new Map<string, number>();

  async function enqueueConversation(userId: string, contactId: string) {
    const bucket = Math.floor(Date.now() / windowMs);
    const runAt = new Date((bucket + 1) * windowMs);
    const conversationKey = `${userId}:${contactId}:${bucket}`;
    if (recent.has(conversationKey)) return;
    recent.set(conversationKey, bucket);
    for (const [key, seen] of recent) if (seen < bucket - 1) recent.delete(key);
    for (const { id } of await repo.listSubscriptionIds(sql, userId)) {
      await pushSendJob.enqueue(sql, { subscriptionId: id, userId, contactId }, { runAt, idempotencyKey: `${id}:${contactId}:${windowMs}:${bucket}`, maxAttempts: 4 });
    }
  }

  const handler: JobHandler<typeof pushSendJob.payload> = {
    leaseMs: PUSH_TIMEOUT_MS * 3,
    async run(payload, context) {
      await send(payload, context);
    },
  };

  async function send(payload: z.output<typeof pushSendJob.payload>, context: JobContext) {
    const subscription = await repo.findSubscription(sql, payload.subscriptionId);
    if (!subscription || subscription.userId !== payload.userId) return;
    if (await repo.isConversationOpen(sql, payload.userId, payload.contactId)) return;
    const content = await repo.findNotificationContent(sql, payload.userId, payload.contactId);
    // Gone, or read meanwhile (on this device or another): nothing new to announce.
    if (!content || content.unreadCount === 0) return;
    const name = contactDisplayName({ ...content, telegramId: content.telegramId.toString() });
    const message = pushMessageSchema.parse({
      title: truncate(content.unreadCount > 1 ? `${content.unreadCount} novas mensagens de ${name}` : `Nova mensagem de ${name}`, 200),
      body: truncate(preview(content), PREVIEW_CHARS),
      url: conversationPath(payload.contactId),
      tag: conversationTag(payload.contactId),
    });
    const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(message), {
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      // The push service itself replaces an undelivered push of the same conversation (RFC 8030 §5.4).
      topic: payload.contactId.replaceAll('-', ''),
      contentEncoding: 'aes128gcm',
      vapidDetails: { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
    });
    const origin = new URL(subscription.endpoint).origin;
    const { status, retryAfter } = await deliver(request, context.signal);
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

  /** POSTs to the address that was checked (a name resolving elsewhere a second time cannot swap it). */
  async function deliver(request: ReturnType<typeof webpush.generateRequestDetails>, stop: AbortSignal): Promise<{ status: number | 'refused'; retryAfter?: string | null }> {
    const url = new URL(request.endpoint);
    const headers = new Headers(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    let target = url;
    let tls: { serverName: string } | undefined;
    if (!(deps.allowLoopback && isLoopbackHost(url.hostname))) {
      const checked = await checkTarget(url.hostname);
      if ('refused' in checked) return { status: 'refused' };
      target = new URL(url);
      target.hostname = isIP(checked.address) === 6 ? `[${checked.address}]` : checked.address;
      headers.set('host', url.host);
      if (!isIP(url.hostname.replace(/^\[|\]$/g, ''))) tls = { serverName: url.hostname };
    }
    const response = await fetch(target, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(PUSH_TIMEOUT_MS), stop]),
      ...(tls ? { tls } : {}),
    });
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  }

  return {
    handler,
    /** The inbox announcer's hook: incoming messages only, one enqueue per conversation; never throws, never waits. */
    incoming(messages: StoredMessage[]) {
      const conversations = new Map<string, { userId: string; contactId: string }>();
      for (const message of messages) {
        if (message.direction === 'in') conversations.set(`${message.userId}:${message.contactId}`, { userId: message.userId, contactId: message.contactId });
      }
      if (conversations.size === 0) return;
      void Promise.all([...conversations.values()].map(({ userId, contactId }) => enqueueConversation(userId, contactId)))
        .then(() => deps.enqueued?.())
        .catch((error: unknown) => logger.warn('falha ao agendar push', { error }));
    },
  };
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function preview(content: { type: string; text: string | null; mediaName: string | null }): string {
  const type = (content.type in MESSAGE_TYPE_LABELS ? content.type : 'OTHER') as MessageType;
  if (type === 'TEXT') return content.text ?? '';
  const detail = content.text || content.mediaName || '';
  return detail ? `${MESSAGE_TYPE_LABELS[type]}: ${detail}` : MESSAGE_TYPE_LABELS[type];
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
