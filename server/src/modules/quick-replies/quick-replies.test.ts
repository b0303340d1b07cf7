/**
 * Quick replies through the real server: owners and admins manage them, agents read them (403 ROLE_FORBIDDEN on any
 * write), shortcuts are unique per workspace with pt-BR refusals, the list is bounded, every member's device gets
 * them through the sync pull, and another workspace's ids are 404.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { QUICK_REPLY_LIMITS, QUICK_REPLY_TEXTS, quickRepliesResponseSchema, quickReplyResponseSchema } from '@shared/quick-replies/schemas.ts';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';
import { joinedMember } from '../../test-support/team-member.ts';
import { eventually } from '../../test-support/telegram.ts';

setDefaultTimeout(20_000);

let server: TestServer;
let owner: string;
let workspaceId: string;
let admin: Awaited<ReturnType<typeof joinedMember>>;
let agent: Awaited<ReturnType<typeof joinedMember>>;

beforeAll(async () => {
  server = await startTestServer();
  const account = await registerUser(server, 'Dona da Loja');
  owner = account.tokens.accessToken;
  workspaceId = account.user.id;
  admin = await joinedMember(server, owner, 'admin', 'Alice Admin');
  agent = await joinedMember(server, owner, 'agent', 'Beto Atendente');
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

const call = (path: string, token: string, init: { json?: unknown; method?: string } = {}) => server.api(`/api/quick-replies${path}`, { token, ...init });
const create = async (token: string, json: unknown) => {
  const response = await call('', token, { json });
  return { status: response.status, body: await response.json() };
};
const list = async (token: string) => quickRepliesResponseSchema.parse(await (await call('', token)).json()).data.quickReplies;

describe('quick replies', () => {
  test("owners and admins create, edit and delete them, told live to the team's consoles; a leading / and capitals are dropped", async () => {
    const stream = await openEventStream(server.url, agent.token);
    await eventually('the ready event', () => stream.events.some((event) => event.event === 'ready'));
    const created = await create(owner, { shortcut: '/Atendimento', text: '  Olá {firstName}, em que posso ajudar?  ' });
    expect(created.status).toBe(201);
    await eventually('the live event', () => stream.events.some((event) => event.event === 'change' && event.data.topic === 'sync.changed'));
    stream.close();
    const reply = quickReplyResponseSchema.parse(created.body).data.quickReply;
    expect(reply).toMatchObject({ shortcut: 'atendimento', text: 'Olá {firstName}, em que posso ajudar?' });
    expect((await create(admin.token, { shortcut: 'preco', text: 'Nossos preços: …' })).status).toBe(201);

    const edited = await call(`/${reply.id}`, admin.token, { method: 'PATCH', json: { text: 'Oi {firstName}!' } });
    expect(edited.status).toBe(200);
    expect(quickReplyResponseSchema.parse(await edited.json()).data.quickReply).toMatchObject({ shortcut: 'atendimento', text: 'Oi {firstName}!' });
    expect((await list(agent.token)).map((row) => row.shortcut)).toEqual(['atendimento', 'preco']);

    const removed = await call(`/${reply.id}`, owner, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await list(owner)).map((row) => row.shortcut)).toEqual(['preco']);
  });

  test('an agent reads them, on the device too, and every write is refused', async () => {
    const [existing] = await list(agent.token);
    const forbidden = { status: 403, code: 'ROLE_FORBIDDEN' };
    const refusal = async (response: Response) => ({ status: response.status, code: String((await response.json()).code) });
    expect(await refusal(await call('', agent.token, { json: { shortcut: 'novo', text: 'Oi' } }))).toEqual(forbidden);
    expect(await refusal(await call(`/${existing?.id}`, agent.token, { method: 'PATCH', json: { text: 'Mudado' } }))).toEqual(forbidden);
    expect(await refusal(await call(`/${existing?.id}`, agent.token, { method: 'DELETE' }))).toEqual(forbidden);
    expect(await list(owner)).toEqual(existing ? [existing] : []);

    const device = syncClient(server, agent.token);
    await device.pullAll();
    expect([...(device.local.get('quickReplies')?.values() ?? [])]).toEqual([existing]);
  });

  test('a taken shortcut, an empty text and too long or malformed shortcuts are refused in pt-BR', async () => {
    const taken = await create(owner, { shortcut: 'preco', text: 'Outro texto' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'QUICK_REPLY_SHORTCUT_TAKEN', message: ERROR_MESSAGES.QUICK_REPLY_SHORTCUT_TAKEN } });
    const other = quickReplyResponseSchema.parse((await create(owner, { shortcut: 'outro', text: 'Texto' })).body).data.quickReply;
    const renamed = await call(`/${other.id}`, owner, { method: 'PATCH', json: { shortcut: 'preco' } });
    expect(renamed.status).toBe(409);
    for (const [input, message] of [
      [{ shortcut: 'vazio', text: '   ' }, QUICK_REPLY_TEXTS.textBlank],
      [{ shortcut: '', text: 'Oi' }, QUICK_REPLY_TEXTS.shortcutBlank],
      [{ shortcut: 'a'.repeat(QUICK_REPLY_LIMITS.shortcut + 1), text: 'Oi' }, QUICK_REPLY_TEXTS.shortcutTooLong],
      [{ shortcut: 'bom dia', text: 'Oi' }, QUICK_REPLY_TEXTS.shortcutFormat],
      [{ shortcut: 'longo', text: 'a'.repeat(QUICK_REPLY_LIMITS.text + 1) }, QUICK_REPLY_TEXTS.textTooLong],
    ] as const) {
      const refused = await create(owner, input);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  test('a workspace holds at most the limit', async () => {
    const [row] = await server.db.sql<{ n: number }[]>`select count(*)::int as n from quick_replies where user_id = ${workspaceId}`;
    const missing = QUICK_REPLY_LIMITS.perWorkspace - (row?.n ?? 0);
    await server.db.sql`
      insert into quick_replies (id, user_id, shortcut, text)
      select gen_random_uuid(), ${workspaceId}, 'lote' || n, 'Texto ' || n from generate_series(1, ${missing}) n`;
    const refused = await create(admin.token, { shortcut: 'mais-uma', text: 'Oi' });
    expect(refused).toMatchObject({ status: 422, body: { code: 'QUICK_REPLY_LIMIT' } });
  });

  test("another workspace sees none of them and gets 404 on their ids", async () => {
    const stranger = (await registerUser(server, 'Outra Loja')).tokens.accessToken;
    expect(await list(stranger)).toEqual([]);
    const [victim] = await list(owner);
    expect((await call(`/${victim?.id}`, stranger, { method: 'PATCH', json: { text: 'Invadido' } })).status).toBe(404);
    expect((await call(`/${victim?.id}`, stranger, { method: 'DELETE' })).status).toBe(404);
    expect((await create(stranger, { shortcut: victim?.shortcut ?? 'x', text: 'Meu' })).status).toBe(201);
  });
});
