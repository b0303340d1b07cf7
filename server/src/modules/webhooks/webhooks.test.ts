/**
 * Outgoing webhooks end to end (docs/decisions.md#outgoing-webhooks): the real server delivers to a local receiver
 * (FLOW_HTTP_ALLOW_PRIVATE=1 lets it reach loopback, as for flows' HTTP requests). Every event of the product's
 * activity arrives signed with the subscription's secret, a 500 is retried, order holds per subscription, a 4xx
 * fails at once, a failing subscription pauses, redelivery and the test event work.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SUBSCRIBABLE_EVENT_TYPES, webhookEnvelopeSchema } from '@shared/webhooks/events.ts';
import { webhookDeliveriesResponseSchema, webhookListResponseSchema, webhookResponseSchema } from '@shared/webhooks/schemas.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { createFunnel } from '../../test-support/funnels.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { webhookReceiver } from '../../test-support/webhook-receiver.ts';
import { FAILURES_TO_PAUSE } from './delivery.ts';

let bed: TelegramTestbed;
let receiver: ReturnType<typeof webhookReceiver>;
let registered: Awaited<ReturnType<typeof registeredBot>>;

beforeAll(async () => {
  receiver = webhookReceiver();
  bed = await startTelegramTestbed(undefined, { env: { FLOW_HTTP_ALLOW_PRIVATE: '1' }, webhookRetry: { backoff: { baseMs: 100, maxMs: 300 } } });
  registered = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  await receiver.stop();
});

const api = (path: string, init: RequestInit & { json?: unknown } = {}) => bed.server.api(path, { ...init, token: registered.auth.token });

async function subscribe(path: string, events: readonly string[] = SUBSCRIBABLE_EVENT_TYPES) {
  const response = await api('/api/webhooks', { json: { url: receiver.url(path), events, description: `Receptor ${path}` } });
  expect(response.status, await response.clone().text()).toBe(201);
  return webhookResponseSchema.parse(await response.json()).data.webhook;
}

async function deliveriesOf(webhookId: string) {
  const response = await api(`/api/webhooks/${webhookId}/deliveries`);
  expect(response.status).toBe(200);
  return webhookDeliveriesResponseSchema.parse(await response.json()).data.deliveries;
}

async function sendTest(webhookId: string) {
  const response = await api(`/api/webhooks/${webhookId}/test`, { method: 'POST' });
  expect(response.status).toBe(201);
}

describe('outgoing webhooks', () => {
  test('the product activity reaches the receiver, each event signed with the secret and parsed by the shared contract', async () => {
    const webhook = await subscribe('/todos');
    const { chat, channel } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo dos ganchos' });
    const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
    const flowId = await build.flow({ name: 'Boas-vindas' });
    await build.chain(flowId, [await build.node(flowId, 'trigger_contact_created'), await build.node(flowId, 'send_text', { message: 'Olá!' })]);

    const person = bed.emulator.control.createUser({ first_name: 'Ana' });
    bed.emulator.control.sendPrivateMessage({ from: person.id, bot: registered.token, text: 'oi' });
    const contact = await eventually('the contact.created event', () => receiver.on('/todos').find((entry) => entry.type === 'contact.created' && entry.body.includes(`"telegramId":"${person.id}"`)));
    const contactId = String(Reflect.get(Reflect.get(webhookEnvelopeSchema.parse(JSON.parse(contact.body)).data, 'contact') ?? {}, 'id'));

    expect((await api(`/api/contacts/${contactId}`, { method: 'PUT', json: { firstName: 'Ana Maria' } })).status).toBe(200);
    const sent = await api('/api/messages/send', { json: { id: crypto.randomUUID(), botId: registered.bot.id, contactId, text: 'Resposta' } });
    expect(sent.status, await sent.text()).toBe(200);
    expect((await api(`/api/messages/conversations/${contactId}`, { method: 'PATCH', json: { assigneeId: registered.account.user.id } })).status).toBe(200);
    bed.emulator.control.joinChat({ userId: person.id, chatId: chat.id });
    bed.emulator.control.leaveChat({ userId: person.id, chatId: chat.id });
    bed.emulator.control.requestJoin({ userId: person.id, chatId: chat.id });
    const broadcast = await api('/api/broadcasts', { json: { name: 'Aviso', botId: registered.bot.id, message: 'Novidade', targetType: 'SELECTED', contactIds: [contactId] } });
    const broadcastId = String(Reflect.get(Reflect.get(Reflect.get(Object(await broadcast.json()), 'data'), 'broadcast'), 'id'));
    expect((await api(`/api/broadcasts/${broadcastId}/send`, { method: 'POST' })).status).toBe(200);
    const { telegramLink } = await createFunnel(bed, registered, channel.id);
    bed.emulator.control.joinByLink({ userId: bed.emulator.control.createUser({ first_name: 'Bia' }).id, inviteLink: telegramLink });
    const plan = await api('/api/access/plans', { json: { name: 'VIP', botId: registered.bot.id, channelIds: [channel.id], durationDays: 30 } });
    const planId = String(Reflect.get(Reflect.get(Reflect.get(Object(await plan.json()), 'data'), 'plan'), 'id'));
    const granted = await api(`/api/access/plans/${planId}/members`, { json: { email: 'compradora@exemplo.com', days: 30 } });
    const memberId = String(Reflect.get(Reflect.get(Reflect.get(Object(await granted.json()), 'data'), 'member'), 'id'));
    expect((await api(`/api/access/members/${memberId}`, { method: 'PATCH', json: { accessUntil: new Date(Date.now() + 60 * 86_400_000).toISOString() } })).status).toBe(200);
    expect((await api(`/api/access/members/${memberId}/revoke`, { method: 'POST', json: { reason: 'Teste' } })).status).toBe(200);

    const expected = ['contact.created', 'contact.updated', 'message.received', 'message.sent', 'conversation.assigned', 'member.joined', 'member.left',
      'join_request.received', 'flow.completed', 'broadcast.completed', 'funnel.entered', 'access.granted', 'access.updated', 'access.revoked'];
    await eventually('every event type', async () => {
      await bed.server.server.bots.flush();
      const seen = new Set(receiver.on('/todos').map((entry) => entry.type));
      return expected.every((type) => seen.has(type));
    }, 20_000);
    for (const entry of receiver.on('/todos')) {
      expect(receiver.signedBy(entry, webhook.secret), entry.type).toBe(true);
      expect(receiver.signedBy(entry, 'whsec_outro'), entry.type).toBe(false);
      const envelope = webhookEnvelopeSchema.parse(JSON.parse(entry.body));
      expect(envelope).toMatchObject({ id: entry.eventId, type: entry.type, workspaceId: registered.account.user.id });
    }
    const log = await deliveriesOf(webhook.id);
    expect(log.every((delivery) => delivery.status === 'delivered' && delivery.responseStatus === 200 && delivery.attempts === 1)).toBe(true);
  }, 60_000);

  test('a 500 is retried; deliveries of one subscription arrive in the order of their events', async () => {
    const webhook = await subscribe('/flaky', ['contact.created']);
    for (let index = 0; index < 5; index += 1) await sendTest(webhook.id);
    await eventually('five deliveries', async () => (await deliveriesOf(webhook.id)).filter((delivery) => delivery.status === 'delivered').length === 5, 15_000);
    const answered = receiver.on('/flaky');
    // Each event: a 500 then its retry, before the next event's first try.
    expect(answered).toHaveLength(10);
    for (let index = 0; index < 10; index += 2) expect(answered[index + 1]?.eventId).toBe(answered[index]?.eventId ?? '');
    const log = await deliveriesOf(webhook.id);
    expect(log.map((delivery) => delivery.eventId).reverse()).toEqual(answered.filter((_, index) => index % 2 === 0).map((entry) => entry.eventId));
    expect(log.every((delivery) => delivery.attempts === 2 && delivery.responseStatus === 200)).toBe(true);
  }, 30_000);

  test('a 4xx fails at once, without retry; failing in a row pauses the subscription until it is resumed', async () => {
    const webhook = await subscribe('/gone', ['contact.created']);
    await sendTest(webhook.id);
    const [failed] = await eventually('the failure', async () => {
      const log = await deliveriesOf(webhook.id);
      return log[0]?.status === 'failed' ? log : undefined;
    });
    expect(failed).toMatchObject({ attempts: 1, responseStatus: 410, responseExcerpt: 'não existe mais' });
    expect(receiver.on('/gone')).toHaveLength(1);

    for (let index = 1; index < FAILURES_TO_PAUSE; index += 1) await sendTest(webhook.id);
    const paused = await eventually('the pause', async () => {
      const one = webhookResponseSchema.parse(await (await api(`/api/webhooks/${webhook.id}`)).json()).data.webhook;
      return one.pausedAt ? one : undefined;
    }, 15_000);
    expect(paused.pauseReason).toBe(`${FAILURES_TO_PAUSE} entregas seguidas falharam.`);
    const audit = await api('/api/team/audit?action=webhook');
    expect(JSON.stringify(await audit.json())).toContain('webhook.pause');

    // Paused: a new event waits; resuming (at a good address) sends it.
    await sendTest(webhook.id);
    await Bun.sleep(300);
    expect((await deliveriesOf(webhook.id))[0]?.status).toBe('pending');
    expect((await api(`/api/webhooks/${webhook.id}`, { method: 'PATCH', json: { url: receiver.url('/ok-retomado'), enabled: true } })).status).toBe(200);
    await eventually('the delivery after the resume', () => receiver.on('/ok-retomado').length === 1);
  }, 30_000);

  test('redelivery sends the same event again; the test event reaches a fresh subscription', async () => {
    const webhook = await subscribe('/ok', ['contact.created']);
    await sendTest(webhook.id);
    const [first] = await eventually('the test event', async () => {
      const log = await deliveriesOf(webhook.id);
      return log[0]?.status === 'delivered' ? log : undefined;
    });
    expect(first?.type).toBe('webhook.test');
    const again = await api(`/api/webhooks/${webhook.id}/deliveries/${first?.id ?? ''}/redeliver`, { method: 'POST' });
    expect(again.status).toBe(201);
    await eventually('the redelivery', () => receiver.on('/ok').length === 2);
    const [one, two] = receiver.on('/ok');
    expect(two?.eventId).toBe(one?.eventId ?? '');
    expect(two?.body).toBe(one?.body ?? '');
  });

  test('the list never shows the secret; an edit keeps it; a deleted subscription is gone', async () => {
    const webhook = await subscribe('/ok-lista', ['message.received']);
    const list = await (await api('/api/webhooks')).text();
    expect(list).toContain(webhook.id);
    expect(list).not.toContain(webhook.secret);
    const edited = await api(`/api/webhooks/${webhook.id}`, { method: 'PUT', json: { events: ['message.sent', 'message.sent'], description: 'Só enviadas' } });
    expect(webhookResponseSchema.parse(await edited.json()).data.webhook).toMatchObject({ events: ['message.sent'], description: 'Só enviadas', secret: webhook.secret });
    expect((await api(`/api/webhooks/${webhook.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/api/webhooks/${webhook.id}`)).status).toBe(404);
  });

  test('the list shows the newest delivery outcome of each subscription', async () => {
    const webhook = await subscribe('/ok-ultima', ['message.received']);
    const entry = async () => webhookListResponseSchema.parse(await (await api('/api/webhooks')).json()).data.webhooks.find((item) => item.id === webhook.id);
    expect((await entry())?.lastDelivery).toBeNull();
    await sendTest(webhook.id);
    const last = await eventually('the delivered test', async () => ((await entry())?.lastDelivery?.status === 'delivered' ? (await entry())?.lastDelivery : undefined));
    expect(last).toMatchObject({ status: 'delivered', responseStatus: 200 });
  });
});
