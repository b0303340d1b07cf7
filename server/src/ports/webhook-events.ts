/**
 * Recording an outgoing-webhook event (docs/decisions.md#outgoing-webhooks): every place that commits something a
 * receiver may want (a contact, a message, a join, a flow's end, an access change…) calls `emitWebhookEvent` with
 * its own transaction, so the event exists exactly when what it reports does, and is delivered later, at least once.
 * engines/webhook-delivery writes it; the composition root installs that writer once at start. The writer holds no
 * connection and no state (every call writes through the caller's transaction), so one installation serves every
 * server of the process; before it (a unit test of a runtime part alone) an event records nothing.
 */
import type { WebhookEventData, WebhookEventType } from '@shared/webhooks/events.ts';
import type { Queryable } from '../db/client.ts';

export type WebhookEventInput<T extends WebhookEventType = WebhookEventType> = { workspaceId: string; type: T; data: WebhookEventData<T> };

export type WebhookEventWriter = (tx: Queryable, events: WebhookEventInput[]) => Promise<void>;

let writer: WebhookEventWriter | undefined;

export function installWebhookEventWriter(next: WebhookEventWriter): void {
  writer = next;
}

/** One event in `tx`: a delivery for each enabled subscription of the workspace that wants this type. */
export async function emitWebhookEvent<T extends WebhookEventType>(tx: Queryable, workspaceId: string, type: T, data: WebhookEventData<T>): Promise<void> {
  await writer?.(tx, [{ workspaceId, type, data }]);
}

/** Several events in `tx`, in this order, with one read and one write whatever their number. */
export async function emitWebhookEvents(tx: Queryable, events: WebhookEventInput[]): Promise<void> {
  if (events.length > 0) await writer?.(tx, events);
}
