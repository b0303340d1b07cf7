/**
 * Destinations obey the outbound-address guard (docs/security.md#second-pass): without FLOW_HTTP_ALLOW_PRIVATE a
 * loopback, private or link-local URL is refused when it is saved, and a delivery to such an address is refused at
 * send time too (a name resolving elsewhere later: DNS rebinding) without any request reaching it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { registerUser } from '../../test-support/fixtures.ts';
import { startTestServer, SERVER_START_TIMEOUT_MS, type TestServer } from '../../test-support/start-test-server.ts';
import { webhookReceiver } from '../../test-support/webhook-receiver.ts';
import { postDelivery } from './post.ts';

let server: TestServer;
let token: string;
const receiver = webhookReceiver();

beforeAll(async () => {
  server = await startTestServer();
  token = (await registerUser(server)).tokens.accessToken;
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
  await receiver.stop();
});

describe('webhook destinations and the outbound-address guard', () => {
  test.each([
    'http://127.0.0.1:8080/gancho', 'http://localhost/gancho', 'https://10.0.0.5/gancho', 'http://192.168.1.10/gancho', 'http://169.254.169.254/latest/meta-data',
    'http://[::1]/gancho', 'http://[::ffff:127.0.0.1]/gancho', 'http://2130706433/gancho',
  ])('%s is refused when saved', async (url) => {
    const response = await server.api('/api/webhooks', { token, json: { url, events: ['contact.created'] } });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { url: expect.stringContaining('não é permitido') } });
  });

  test('a public address is accepted; moving it to a private one is refused', async () => {
    const created = await server.api('/api/webhooks', { token, json: { url: 'https://203.0.113.7/gancho', events: ['contact.created'] } });
    expect(created.status).toBe(201);
    const id = String(Reflect.get(Reflect.get(Reflect.get(Object(await created.json()), 'data'), 'webhook'), 'id'));
    const moved = await server.api(`/api/webhooks/${id}`, { method: 'PATCH', token, json: { url: 'http://127.0.0.1/gancho' } });
    expect(moved.status).toBe(422);
  });

  test('a delivery to a loopback address is refused at send time and never reaches it', async () => {
    const result = await postDelivery({ url: receiver.url('/nunca'), secret: 's', eventId: crypto.randomUUID(), type: 'webhook.test', body: '{}', allowPrivate: false });
    expect(result).toMatchObject({ kind: 'refused' });
    expect(receiver.received).toHaveLength(0);
    const allowed = await postDelivery({ url: receiver.url('/permitido'), secret: 's', eventId: crypto.randomUUID(), type: 'webhook.test', body: '{}', allowPrivate: true });
    expect(allowed).toMatchObject({ kind: 'answered', status: 200 });
  });
});
