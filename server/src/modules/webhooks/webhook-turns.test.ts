/**
 * A subscription's drain hands over to a fresh job at the end of each turn (docs/decisions.md#outgoing-webhooks): with
 * a turn of one delivery, every delivery is a handover, and each must be taken up — the successor is booked only once
 * the subscription is let go, so it never finds it still held and ends with deliveries left behind.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { webhookDeliveriesResponseSchema, webhookResponseSchema } from '@shared/webhooks/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { webhookReceiver } from '../../test-support/webhook-receiver.ts';

let bed: TelegramTestbed;
let receiver: ReturnType<typeof webhookReceiver>;
let registered: Awaited<ReturnType<typeof registeredBot>>;

beforeAll(async () => {
  receiver = webhookReceiver();
  bed = await startTelegramTestbed(undefined, { env: { FLOW_HTTP_ALLOW_PRIVATE: '1' }, webhookRetry: { turnMs: 0 } });
  registered = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  await receiver.stop();
});

const api = (path: string, init: RequestInit & { json?: unknown } = {}) => bed.server.api(path, { ...init, token: registered.auth.token });

test('a backlog drained one delivery per turn arrives whole and in order, with no event after it', async () => {
  const created = await api('/api/webhooks', { json: { url: receiver.url('/turnos'), events: ['contact.created'] } });
  expect(created.status).toBe(201);
  const webhook = webhookResponseSchema.parse(await created.json()).data.webhook;
  const sent: string[] = [];
  for (let index = 0; index < 30; index += 1) {
    const response = await api(`/api/webhooks/${webhook.id}/test`, { method: 'POST' });
    expect(response.status).toBe(201);
    sent.push(String(Reflect.get(Reflect.get(Reflect.get(Object(await response.json()), 'data'), 'delivery'), 'eventId')));
  }
  const log = await eventually('every delivery', async () => {
    const deliveries = webhookDeliveriesResponseSchema.parse(await (await api(`/api/webhooks/${webhook.id}/deliveries`)).json()).data.deliveries;
    return deliveries.filter((delivery) => delivery.status === 'delivered').length === 30 && deliveries;
  }, 20_000);
  const arrivals = receiver.on('/turnos').map((entry) => entry.eventId);
  expect(arrivals.filter((id, index) => arrivals.indexOf(id) === index)).toEqual(sent);
  // An event arrives again only as the retry of an attempt that failed (at least once); never twice from one attempt.
  const repeated = arrivals.filter((id, index) => arrivals.indexOf(id) !== index);
  expect(repeated.filter((id) => (log.find((delivery) => delivery.eventId === id)?.attempts ?? 0) < 2)).toEqual([]);
}, 40_000);
