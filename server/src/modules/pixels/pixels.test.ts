/**
 * Meta pixels over HTTP (docs/product.md#api-pixels, #rules-pixels): CRUD with the shared schemas' pt-BR texts, the
 * token write-only (encrypted at rest, a masked preview, in no answer and no log line), another user's pixel a
 * 404, and the test event as a real Conversions API call to the fake Graph endpoint (accepted, refused, down).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { PIXEL_TEXTS, pixelResponseSchema, pixelsResponseSchema, pixelTestEventResponseSchema, type Pixel } from '@shared/pixels/schemas.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import type { FakeGraph } from '../../test-support/fake-graph.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { recordPixelEvent } from '../../engines/pixel-delivery/outbox.ts';

setDefaultTimeout(30_000);

let server: TestServer;
let graph: FakeGraph;
let owner = '';
let ownerId = '';
let stranger = '';
/** Every answer body of this file: the token must be in none. */
const answers: string[] = [];
const TOKEN = `EAAB${'x9'.repeat(20)}Zq3K`;
const NEW_TOKEN = `EAAG${'k7'.repeat(20)}Wm8P`;

beforeAll(async () => {
  server = await startTestServer();
  if (!server.graph) throw new Error('the test server starts a fake Graph endpoint');
  graph = server.graph;
  const account = await registerUser(server, 'Dona do Pixel');
  owner = account.tokens.accessToken;
  ownerId = account.user.id;
  stranger = (await registerUser(server, 'Outra Pessoa')).tokens.accessToken;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

async function call(method: string, path: string, token = owner, json?: unknown) {
  const response = await server.api(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: JSON.parse(text) as unknown };
}

const create = async (name = 'Pixel da Loja', token = TOKEN) => {
  const answer = await call('POST', '/pixels', owner, { name, pixelId: '123456789012345', accessToken: token });
  expect(answer.status).toBe(201);
  return pixelResponseSchema.parse(answer.body).data.pixel;
};
const list = async (token = owner) => pixelsResponseSchema.parse((await call('GET', '/pixels', token)).body).data.pixels;
const failure = (body: unknown) => failureEnvelopeSchema.parse(body);

describe('pixels CRUD', () => {
  test('creates a pixel: token encrypted at rest, answered only as its masked preview', async () => {
    const pixel = await create();
    expect(pixel).toMatchObject({ name: 'Pixel da Loja', pixelId: '123456789012345', tokenPreview: 'EAAB••••••Zq3K', status: 'unused', lastError: null, lastEventAt: null, pendingEvents: 0 });
    const [row] = await server.db.sql<{ tokenEncrypted: string }[]>`select token_encrypted as "tokenEncrypted" from meta_pixels where id = ${pixel.id}`;
    expect(row?.tokenEncrypted).not.toContain(TOKEN);
    expect(decryptSecret(row?.tokenEncrypted ?? '', server.config.encryptionKey)).toBe(TOKEN);
    expect((await list()).map((item) => item.id)).toContain(pixel.id);
  });

  test('edits name and pixel id; a blank token keeps the stored one, a new one replaces it', async () => {
    const pixel = await create('Antigo');
    const kept = await call('PUT', `/pixels/${pixel.id}`, owner, { name: 'Novo nome', pixelId: '987654321', accessToken: '' });
    expect(kept.status).toBe(200);
    expect(pixelResponseSchema.parse(kept.body).data.pixel).toMatchObject({ name: 'Novo nome', pixelId: '987654321', tokenPreview: 'EAAB••••••Zq3K' });
    const replaced = await call('PUT', `/pixels/${pixel.id}`, owner, { name: 'Novo nome', pixelId: '987654321', accessToken: NEW_TOKEN });
    expect(pixelResponseSchema.parse(replaced.body).data.pixel.tokenPreview).toBe('EAAG••••••Wm8P');
    const [row] = await server.db.sql<{ tokenEncrypted: string }[]>`select token_encrypted as "tokenEncrypted" from meta_pixels where id = ${pixel.id}`;
    expect(decryptSecret(row?.tokenEncrypted ?? '', server.config.encryptionKey)).toBe(NEW_TOKEN);
  });

  test('refuses bad input with the texts of the shared schema', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/pixels', {}, PIXEL_TEXTS.createRequired],
      ['POST', '/pixels', { name: 'P', pixelId: '12ab', accessToken: TOKEN }, PIXEL_TEXTS.pixelIdInvalid],
      ['POST', '/pixels', { name: 'P', pixelId: '123456', accessToken: 'curto' }, PIXEL_TEXTS.accessTokenInvalid],
      ['POST', '/pixels', { name: 'n'.repeat(101), pixelId: '123456', accessToken: TOKEN }, PIXEL_TEXTS.nameTooLong],
    ];
    const pixel = await create();
    cases.push(['PUT', `/pixels/${pixel.id}`, { name: ' ', pixelId: '123456' }, PIXEL_TEXTS.editRequired]);
    cases.push(['POST', `/pixels/${pixel.id}/test-event`, { testEventCode: '' }, PIXEL_TEXTS.testCodeRequired]);
    for (const [method, path, body, message] of cases) {
      const answer = await call(method, path, owner, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(failure(answer.body)).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  test("another user's pixel is a 404 everywhere and never listed", async () => {
    const pixel = await create('Só meu');
    expect((await list(stranger)).map((item) => item.id)).not.toContain(pixel.id);
    const attempts = [
      await call('PUT', `/pixels/${pixel.id}`, stranger, { name: 'Roubado', pixelId: '123456' }),
      await call('DELETE', `/pixels/${pixel.id}`, stranger),
      await call('POST', `/pixels/${pixel.id}/test-event`, stranger, { testEventCode: 'TEST1' }),
      await call('DELETE', '/pixels/nao-e-uuid', owner),
    ];
    for (const answer of attempts) expect({ status: answer.status, code: failure(answer.body).code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await list()).find((item) => item.id === pixel.id)?.name).toBe('Só meu');
  });

  test('deleting a pixel drops its unsent events', async () => {
    const pixel = await create('Para remover');
    // An event waiting out a long backoff (as after Meta was down): pending on the pixel.
    await server.db.sql.begin(async (tx) => {
      await recordPixelEvent(tx, { userId: ownerId, pixelId: pixel.id, eventName: 'enter_channel', eventId: crypto.randomUUID(), eventTime: new Date(), actionSource: 'chat', telegramUserId: '77' });
      await tx`update pixel_events set next_attempt_at = now() + interval '1 hour' where pixel_id = ${pixel.id}`;
    });
    expect((await list()).find((item) => item.id === pixel.id)?.pendingEvents).toBe(1);
    const deleted = await call('DELETE', `/pixels/${pixel.id}`);
    expect(deleted).toEqual({ status: 200, body: { success: true, data: { deleted: true } } });
    expect((await list()).map((item) => item.id)).not.toContain(pixel.id);
    const [left] = await server.db.sql<{ n: number }[]>`select count(*)::int as n from pixel_events where pixel_id = ${pixel.id}`;
    expect(left?.n).toBe(0);
  });
});

describe('test event', () => {
  let pixel: Pixel;
  beforeAll(async () => {
    pixel = await create('Pixel de teste');
  });
  const statusOf = async () => (await list()).find((item) => item.id === pixel.id);

  test("sends one event with Meta's test code and answers Meta's receipt", async () => {
    const before = graph.requests.length;
    const answer = await call('POST', `/pixels/${pixel.id}/test-event`, owner, { testEventCode: 'TEST4821' });
    expect(answer.status).toBe(200);
    const result = pixelTestEventResponseSchema.parse(answer.body).data.result;
    expect(result.eventsReceived).toBe(1);
    expect(result.fbtraceId).toMatch(/^A/);
    expect(result.messages).toEqual([]);
    const request = graph.requests[before];
    expect(request).toMatchObject({ version: server.config.metaGraphVersion, pixelId: '123456789012345', accessToken: TOKEN, testEventCode: 'TEST4821', status: 200 });
    expect(request?.data).toHaveLength(1);
    expect(request?.data[0]).toMatchObject({ event_name: 'TestEvent', action_source: 'chat' });
    expect(await statusOf()).toMatchObject({ status: 'ok', lastError: null });
    expect((await statusOf())?.lastEventAt).not.toBeNull();
  });

  test("a refusal (400) answers Meta's message in pt-BR and marks the pixel in error", async () => {
    graph.refuseNext(1, 'Invalid OAuth access token - Cannot parse access token');
    const answer = await call('POST', `/pixels/${pixel.id}/test-event`, owner, { testEventCode: 'TEST4821' });
    expect(answer.status).toBe(422);
    expect(failure(answer.body)).toMatchObject({ code: 'META_REFUSED', message: PIXEL_TEXTS.metaRefused('Invalid OAuth access token - Cannot parse access token') });
    expect(await statusOf()).toMatchObject({ status: 'error', lastError: 'Invalid OAuth access token - Cannot parse access token' });
    expect((await statusOf())?.lastErrorAt).not.toBeNull();
  });

  test('Meta down (500) is a 502 that leaves the pixel as it was; a later success clears the error', async () => {
    graph.failNext(1);
    const answer = await call('POST', `/pixels/${pixel.id}/test-event`, owner, { testEventCode: 'TEST4821' });
    expect(answer.status).toBe(502);
    expect(failure(answer.body)).toMatchObject({ code: 'META_UNREACHABLE', message: PIXEL_TEXTS.metaUnreachable });
    expect((await statusOf())?.status).toBe('error');
    expect((await call('POST', `/pixels/${pixel.id}/test-event`, owner, { testEventCode: 'TEST4821' })).status).toBe(200);
    expect(await statusOf()).toMatchObject({ status: 'ok', lastError: null, lastErrorAt: null });
  });
});

test('no answer and no log line ever carries an access token', async () => {
  // Runs last: every answer above is in `answers`, every line the server logged in `server.logs`.
  expect(answers.length).toBeGreaterThan(15);
  expect(server.logs.length).toBeGreaterThan(0);
  for (const token of [TOKEN, NEW_TOKEN]) {
    expect(answers.filter((text) => text.includes(token))).toEqual([]);
    expect(server.logs.filter((line) => line.includes(token))).toEqual([]);
  }
});
