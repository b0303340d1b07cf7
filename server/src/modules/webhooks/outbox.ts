/**
 * The writer behind ports/webhook-events.ts (docs/decisions.md#outgoing-webhooks): in the caller's transaction, the
 * events become one delivery row per matching subscription (body built and signed-to-be here, exactly as it will be
 * POSTed) and the subscriptions' delivery jobs. A workspace without subscriptions costs one indexed read. An event
 * whose data does not match its schema is logged and left out: a webhook must never fail what it reports.
 */
import { WEBHOOK_EVENT_DATA, type WebhookEnvelope } from '@shared/webhooks/events.ts';
import type { Queryable } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { WebhookEventInput, WebhookEventWriter } from '../../ports/webhook-events.ts';
import { enqueueRounds, type RoundJob } from './deliver-job.ts';
import * as repo from './outbox-repository.ts';

/** The body a delivery POSTs: `{id, type, createdAt, workspaceId, data}`. */
export function webhookBody(event: WebhookEventInput, id: string, createdAt: Date): string | undefined {
  const data = WEBHOOK_EVENT_DATA[event.type].safeParse(event.data);
  if (!data.success) return undefined;
  const envelope: WebhookEnvelope = { id, type: event.type, createdAt: createdAt.toISOString(), workspaceId: event.workspaceId, data: data.data };
  return JSON.stringify(envelope);
}

export function webhookEventWriter(logger: Logger): WebhookEventWriter {
  return async (tx: Queryable, events: WebhookEventInput[]) => {
    const subscriptions = await repo.lockSubscriptions(tx, [...new Set(events.map((event) => event.workspaceId))]);
    if (subscriptions.length === 0) return;
    const deliveries: repo.NewDelivery[] = [];
    const rounds = new Map<string, RoundJob>();
    const now = new Date();
    for (const event of events) {
      const wanting = subscriptions.filter((subscription) => subscription.userId === event.workspaceId && subscription.events.includes(event.type));
      if (wanting.length === 0) continue;
      const eventId = crypto.randomUUID();
      const body = webhookBody(event, eventId, now);
      if (body === undefined) {
        logger.error('evento de webhook fora do contrato; não registrado', { type: event.type, workspaceId: event.workspaceId });
        continue;
      }
      for (const subscription of wanting) {
        deliveries.push({ userId: event.workspaceId, webhookId: subscription.id, eventId, type: event.type, body });
        rounds.set(subscription.id, { webhookId: subscription.id, userId: subscription.userId, generation: subscription.generation });
      }
    }
    await repo.insertDeliveries(tx, deliveries);
    await enqueueRounds(tx, [...rounds.values()]);
  };
}
