/**
 * Web push end to end (docs/decisions.md#web-push): a Telegram user writes to the bot (emulator) → the runtime
 * stores the message → the announcer enqueues push.send → the worker encrypts and POSTs to a fake push service on
 * loopback, which checks the VAPID JWT and decrypts the payload with the browser's key. Presence silences a
 * conversation that is open; 410 removes the subscription; 500 is retried; another account never hears of it.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { pushPublicKeyResponseSchema, pushUnsubscribedResponseSchema } from '@shared/push/schemas.ts';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../test-support/fake-push-service.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { endpointAllowed } from './service.ts';
import { PUSH_UNRESOLVED_MAX_TRIES } from '../../engines/push-delivery/push-request.ts';

setDefaultTimeout(30_000);

const WINDOW_MS = 400;
let bed: TelegramTestbed;
let fake: FakePushService;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let stranger: Awaited<ReturnType<typeof registeredBot>>;
let ownerPhone: FakeSubscription;
let strangerPhone: FakeSubscription;
let ana: { id: number };
let anaContactId: string;

beforeAll(async () => {
  fake = await startFakePushService();
  bed = await startTelegramTestbed({ rateLimits: false }, { env: { PUSH_ALLOW_LOOPBACK: '1', PUSH_SUBJECT: 'mailto:ops@canalize.test' }, pushCoalesceMs: WINDOW_MS });
  owner = await registeredBot(bed);
  stranger = await registeredBot(bed);
  ownerPhone = fake.subscribe();
  strangerPhone = fake.subscribe();
  expect((await subscribe(owner.auth.token, ownerPhone)).status).toBe(201);
  expect((await subscribe(stranger.auth.token, strangerPhone)).status).toBe(201);
  ana = bed.emulator.control.createUser({ first_name: 'Ana', last_name: 'Souza' });
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  fake.stop();
});

const subscribe = (token: string, subscription: unknown) => bed.server.api('/api/push/subscriptions', { token, json: subscription });
const write = (text: string) => bed.emulator.control.sendPrivateMessage({ from: ana.id, bot: owner.token, text });
const presence = (contactId: string | null, tabId: string) => bed.server.api('/api/push/presence', { method: 'PUT', token: owner.auth.token, json: { tabId, contactId } });

/** push.send jobs of a subscription, by status; waiting on them tells "nothing was sent" from "not yet". */
async function jobsOf(subscription: FakeSubscription) {
  const rows = await bed.server.db.sql<{ status: string }[]>`
    select j.status from jobs j join push_subscriptions s on s.id::text = j.payload->>'subscriptionId'
    where j.kind = 'push.send' and s.endpoint = ${subscription.endpoint}`;
  return rows.map((row) => row.status);
}
const settled = (subscription: FakeSubscription, count: number) =>
  eventually(`${count} push.send jobs settled`, async () => {
    const statuses = await jobsOf(subscription);
    return statuses.length >= count && statuses.every((status) => status === 'done' || status === 'dead') && statuses;
  }, 10_000);

async function readAll() {
  const response = await bed.server.api(`/api/messages/contact/${anaContactId}/read-all`, { method: 'PATCH', token: owner.auth.token });
  expect(response.status).toBe(200);
}

describe('web push', () => {
  test('the public key is the stored one; the private key is kept encrypted and never logged', async () => {
    expect((await bed.server.api('/api/push/public-key')).status).toBe(401);
    const { publicKey } = pushPublicKeyResponseSchema.parse(await (await bed.server.api('/api/push/public-key', owner.auth)).json()).data;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const [row] = await bed.server.db.sql<{ public_key: string; private_key_encrypted: string }[]>`select public_key, private_key_encrypted from push_vapid_keys`;
    expect(row?.public_key).toBe(publicKey);
    expect(row?.private_key_encrypted).toStartWith('v1.');
    const { vapidKeys } = await import('./service.ts');
    const { privateKey } = await vapidKeys(bed.server.db.sql, bed.server.config.encryptionKey);
    expect(row?.private_key_encrypted).not.toContain(privateKey);
    expect(bed.server.logs.join('\n')).not.toContain(privateKey);
    // Another process starting later (or at the same moment) keeps the stored pair, not its own candidate.
    const { ensureVapidKeys } = await import('./repository.ts');
    const kept = await ensureVapidKeys(bed.server.db.sql, { publicKey: 'outra', privateKeyEncrypted: 'outra' });
    expect(kept.publicKey).toBe(publicKey);
  });

  test('a message from a contact is one push to the owner, signed and encrypted, with name, preview and the conversation link', async () => {
    write('Olá, tudo bem? Quero saber o preço do curso.');
    const [push] = await eventually('the push', () => fake.to(ownerPhone).length > 0 && fake.to(ownerPhone));
    anaContactId = (await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${owner.bot.id} and telegram_id = ${ana.id}`)[0]?.id ?? '';
    expect(push?.payload).toEqual({
      title: 'Nova mensagem de Ana Souza',
      body: 'Olá, tudo bem? Quero saber o preço do curso.',
      url: `/chat?contato=${anaContactId}`,
      tag: `conversa-${anaContactId}`,
    });
    expect(push?.jwt.sub).toBe('mailto:ops@canalize.test');
    expect(push?.jwt.aud).toBe(fake.origin);
    expect(push?.topic).toBe(anaContactId.replaceAll('-', ''));
    expect(push?.urgency).toBe('high');
    await settled(ownerPhone, 1);
    expect(fake.to(ownerPhone)).toHaveLength(1);
    expect(fake.rejected).toEqual([]);
    await readAll();
  });

  test('a burst from one contact becomes one notification per window, showing the newest message and the count', async () => {
    const before = fake.to(ownerPhone).length;
    for (const text of ['um', 'dois', 'três', 'quatro', 'cinco']) write(text);
    await eventually('the burst stored', async () => {
      await bed.server.server.bots.flush();
      const [row] = await bed.server.db.sql<{ unread: number }[]>`select unread_count as unread from conversations where contact_id = ${anaContactId}`;
      return row?.unread === 5;
    });
    await Bun.sleep(WINDOW_MS * 3);
    await settled(ownerPhone, 2);
    const burst = fake.to(ownerPhone).slice(before);
    // Five messages in a few milliseconds fall in one window, at worst across the edge of two.
    expect(burst.length).toBeGreaterThanOrEqual(1);
    expect(burst.length).toBeLessThanOrEqual(2);
    expect(burst.at(-1)?.payload).toMatchObject({ title: '5 novas mensagens de Ana Souza', body: 'cinco', tag: `conversa-${anaContactId}` });
    await readAll();
  });

  test('an open, visible conversation is not pushed; closing it (or its heartbeat expiring) pushes again', async () => {
    const tabId = crypto.randomUUID();
    expect((await presence(anaContactId, tabId)).status).toBe(200);
    const before = fake.to(ownerPhone).length;
    const jobs = (await jobsOf(ownerPhone)).length;
    write('estou vendo a conversa');
    await settled(ownerPhone, jobs + 1);
    expect(fake.to(ownerPhone)).toHaveLength(before);
    await readAll();

    // Another conversation open does not silence this one.
    expect((await presence(crypto.randomUUID(), tabId)).status).toBe(200);
    write('e agora?');
    await eventually('the push after leaving', () => fake.to(ownerPhone).length === before + 1);
    expect(fake.to(ownerPhone).at(-1)?.payload).toMatchObject({ body: 'e agora?' });
    expect((await presence(null, tabId)).status).toBe(200);
    await settled(ownerPhone, jobs + 2);
    await readAll();
  });

  test('a 500 is retried by the queue; a 410 removes the subscription', async () => {
    const laptop = fake.subscribe();
    expect((await subscribe(owner.auth.token, laptop)).status).toBe(201);
    fake.answer(laptop, 500);
    write('alguém aí?');
    await eventually('the retry', () => fake.to(laptop).length === 2 && fake.to(laptop));
    expect(fake.to(laptop).map((push) => push.status)).toEqual([500, 201]);
    expect(fake.to(laptop)[1]?.payload).toMatchObject({ body: 'alguém aí?' });
    await readAll();

    fake.answer(laptop, 410);
    write('oi de novo');
    await eventually('the subscription removed', async () => {
      const rows = await bed.server.db.sql`select 1 from push_subscriptions where endpoint = ${laptop.endpoint}`;
      return rows.length === 0;
    });
    const count = fake.to(laptop).length;
    await readAll();
    write('e mais uma');
    await eventually('the push to the phone', () => fake.to(ownerPhone).at(-1)?.payload && JSON.stringify(fake.to(ownerPhone).at(-1)?.payload).includes('e mais uma'));
    expect(fake.to(laptop)).toHaveLength(count);
    await readAll();
  });

  test("a 429 is retried no sooner than the push service's Retry-After", async () => {
    const tablet = fake.subscribe();
    expect((await subscribe(owner.auth.token, tablet)).status).toBe(201);
    fake.answer(tablet, { status: 429, retryAfter: '3' });
    write('devagar');
    await eventually('the retry after the pause', () => fake.to(tablet).length === 2 && fake.to(tablet), 10_000);
    const [refused, accepted] = fake.to(tablet);
    expect([refused?.status, accepted?.status]).toEqual([429, 201]);
    // The queue's own first pause is 0.5–1 s: this one waited for the service's 3 s.
    expect((accepted?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(2_900);
    expect(accepted?.payload).toMatchObject({ body: 'devagar' });
    await readAll();
  });

  test('an endpoint whose host name never resolves is tried a bounded number of times, then removed, with two log lines', async () => {
    const lost = { ...fake.subscribe(), endpoint: `https://push.nao-existe.invalid/push/${crypto.randomUUID()}` };
    expect((await subscribe(owner.auth.token, lost)).status).toBe(201);
    const [stored] = await bed.server.db.sql<{ id: string }[]>`select id from push_subscriptions where endpoint = ${lost.endpoint}`;
    for (let message = 1; message <= PUSH_UNRESOLVED_MAX_TRIES; message++) {
      write(`mensagem ${message}`);
      await eventually(`push ${message} tried`, async () => {
        const [row] = await bed.server.db.sql<{ tries: number }[]>`select unresolved_tries as tries from push_subscriptions where endpoint = ${lost.endpoint}`;
        return (row === undefined || row.tries >= message) && true;
      });
      await readAll();
    }
    expect(await bed.server.db.sql`select 1 from push_subscriptions where endpoint = ${lost.endpoint}`).toHaveLength(0);
    // Each push tried once: a name that does not exist is not retried by the queue.
    const jobs = await bed.server.db.sql<{ status: string; attempts: number }[]>`
      select status, attempts from jobs where kind = 'push.send' and payload->>'subscriptionId' = ${stored?.id ?? ''}`;
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual(Array(PUSH_UNRESOLVED_MAX_TRIES).fill(['done', 1]));
    const lines = bed.server.logs.filter((line) => line.includes('push.nao-existe.invalid'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('endereço do serviço de push não encontrado');
    expect(lines[1]).toContain('inscrição de push removida');
  });

  test("another account's subscriptions never receive the owner's pushes", () => {
    expect(fake.to(strangerPhone)).toEqual([]);
    expect(fake.rejected).toEqual([]);
  });

  test('subscriptions are per user: another account cannot remove or see them', async () => {
    const removed = await bed.server.api('/api/push/subscriptions', { method: 'DELETE', token: stranger.auth.token, json: { endpoint: ownerPhone.endpoint } });
    expect(pushUnsubscribedResponseSchema.parse(await removed.json()).data.removed).toBe(false);
    expect(await bed.server.db.sql`select 1 from push_subscriptions where endpoint = ${ownerPhone.endpoint}`).toHaveLength(1);

    // The same browser under two accounts: two rows, each removed by its own account only.
    expect((await subscribe(stranger.auth.token, ownerPhone)).status).toBe(201);
    expect(await bed.server.db.sql`select 1 from push_subscriptions where endpoint = ${ownerPhone.endpoint}`).toHaveLength(2);
    const own = await bed.server.api('/api/push/subscriptions', { method: 'DELETE', token: stranger.auth.token, json: { endpoint: ownerPhone.endpoint } });
    expect(pushUnsubscribedResponseSchema.parse(await own.json()).data.removed).toBe(true);
    const [row] = await bed.server.db.sql<{ user_id: string }[]>`select user_id from push_subscriptions where endpoint = ${ownerPhone.endpoint}`;
    expect(row?.user_id).toBe(owner.account.user.id);
  });

  test('bad subscriptions are refused in pt-BR', async () => {
    const other = await registerUser(bed.server);
    const phone = fake.subscribe();
    const cases = [
      { ...phone, endpoint: 'http://push.example.com/x' },
      { ...phone, endpoint: 'https://10.1.2.3/push' },
      { ...phone, keys: { ...phone.keys, p256dh: 'curta' } },
      { endpoint: phone.endpoint, keys: { p256dh: phone.keys.p256dh } },
    ];
    for (const body of cases) {
      const response = await subscribe(other.tokens.accessToken, { endpoint: body.endpoint, keys: body.keys });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/inválid/);
    }
  });
});

describe('endpointAllowed', () => {
  test('https to a public host only, unless loopback is allowed for tests', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QG', false)).toBe(true);
    for (const endpoint of ['http://fcm.googleapis.com/x', 'https://127.0.0.1/x', 'https://localhost/x', 'https://[::1]/x', 'https://192.168.0.1/x', 'https://[::ffff:10.0.0.1]/x', 'https://user:pw@fcm.googleapis.com/x', 'ftp://x/y']) {
      expect(endpointAllowed(endpoint, false), endpoint).toBe(false);
    }
    expect(endpointAllowed('http://127.0.0.1:4000/push/1', true)).toBe(true);
    expect(endpointAllowed('http://[::1]:4000/push/1', true)).toBe(true);
    expect(endpointAllowed('http://10.0.0.1/push/1', true)).toBe(false);
  });
});
