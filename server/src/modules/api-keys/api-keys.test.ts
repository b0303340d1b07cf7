/**
 * API keys through the real server: owners and admins create them (the secret answered once, only its SHA-256
 * stored, the list showing its prefix), a key acts as the workspace on the /api routes of its scopes, its use is
 * marked at most once a minute, writes made with it leave audit lines naming it, it is throttled per key (429 with
 * Retry-After, pt-BR), and a revoked key is refused on the very next request.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { API_KEY_PREFIX, apiKeysResponseSchema, createdApiKeyResponseSchema } from '@shared/api-keys/schemas.ts';
import { auditPageSchema } from '@shared/audit/schemas.ts';
import { successEnvelope } from '@shared/api/envelope.ts';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { insertBot, insertFlow, registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { joinedMember } from '../../test-support/team-member.ts';

setDefaultTimeout(20_000);

const PER_MINUTE = 8;
let server: TestServer;
let owner: string;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { API_KEY_REQUESTS_PER_MINUTE: String(PER_MINUTE) } });
  const account = await registerUser(server, 'Dona da Loja');
  owner = account.tokens.accessToken;
  workspaceId = account.user.id;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

async function createKey(token: string, scopes: string[], name = 'Integração n8n') {
  const response = await server.api('/api/api-keys', { token, json: { name, scopes } });
  expect(response.status).toBe(201);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return createdApiKeyResponseSchema.parse(await response.json()).data;
}
const listKeys = async () => apiKeysResponseSchema.parse(await (await server.api('/api/api-keys', { token: owner })).json()).data.apiKeys;
const envelope = async (response: Response) => ({ status: response.status, ...(Object(await response.json()) as object) });
const audit = async () => auditPageSchema.parse(successEnvelope(auditPageSchema).parse(await (await server.api('/api/team/audit', { token: owner })).json()).data).entries;

describe('API keys', () => {
  test('the secret is answered once, stored as its SHA-256, and listed by its prefix', async () => {
    const { key, apiKey } = await createKey(owner, ['contacts:read', 'messages:write']);
    expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{33}$`));
    expect(apiKey).toMatchObject({ name: 'Integração n8n', scopes: ['contacts:read', 'messages:write'], lastUsedAt: null });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const [row] = await server.db.sql<{ secretHash: string }[]>`select secret_hash as "secretHash" from api_keys where id = ${apiKey.id}`;
    expect(row?.secretHash).toBe(sha256Hex(key));
    const listed = await server.api('/api/api-keys', { token: owner });
    const text = await listed.text();
    expect(text).not.toContain(key);
    expect(text).not.toContain(sha256Hex(key));
    expect(text).toContain(apiKey.prefix);
  });

  test('a key acts as the workspace within its scopes; its use is marked', async () => {
    const { key, apiKey } = await createKey(owner, ['contacts:read']);
    const contacts = await server.api('/api/contacts', { token: key });
    expect(contacts.status).toBe(200);
    expect((await listKeys()).find((listed) => listed.id === apiKey.id)?.lastUsedAt).not.toBeNull();
    expect(await envelope(await server.api('/api/bots', { token: key }))).toMatchObject({ status: 403, code: 'API_KEY_SCOPE_MISSING', message: ERROR_MESSAGES.API_KEY_SCOPE_MISSING });
    for (const path of ['/api/api-keys', '/api/sync/pull', '/api/auth/me', '/api/account/deletion-impact', '/api/team/members']) {
      expect(await envelope(await server.api(path, { token: key })), path).toMatchObject({ status: 403, code: 'API_KEY_ROUTE_CLOSED', message: ERROR_MESSAGES.API_KEY_ROUTE_CLOSED });
    }
    expect(await envelope(await server.api('/api/contacts', { token: `${API_KEY_PREFIX}${'x'.repeat(33)}` }))).toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
  });

  test('its use is marked at most once a minute', async () => {
    const { key, apiKey } = await createKey(owner, ['contacts:read'], 'Planilha');
    await server.api('/api/contacts', { token: key });
    const first = (await listKeys()).find((listed) => listed.id === apiKey.id)?.lastUsedAt;
    await server.db.sql`update api_keys set last_used_at = last_used_at - interval '30 seconds' where id = ${apiKey.id}`;
    const marked = (await listKeys()).find((listed) => listed.id === apiKey.id)?.lastUsedAt;
    await server.api('/api/contacts', { token: key });
    expect(first).not.toBeNull();
    expect((await listKeys()).find((listed) => listed.id === apiKey.id)?.lastUsedAt).toBe(marked);
  });

  test('a revoked key is refused on the next request; revoking names the key in the audit log', async () => {
    const { key, apiKey } = await createKey(owner, ['*:read'], 'Script antigo');
    expect((await server.api('/api/contacts', { token: key })).status).toBe(200);
    expect((await server.api(`/api/api-keys/${apiKey.id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    expect(await envelope(await server.api('/api/contacts', { token: key }))).toMatchObject({ status: 401, code: 'API_KEY_INVALID', message: ERROR_MESSAGES.API_KEY_INVALID });
    expect((await listKeys()).some((listed) => listed.id === apiKey.id)).toBe(false);
    expect((await server.api(`/api/api-keys/${apiKey.id}`, { method: 'DELETE', token: owner })).status).toBe(404);
    const lines = await audit();
    expect(lines.find((line) => line.action === 'key.revoke' && line.targetId === apiKey.id)?.targetName).toBe('Script antigo');
    expect(lines.some((line) => line.action === 'key.create' && line.targetId === apiKey.id)).toBe(true);
  });

  test('writes made with a key leave audit lines naming the key, never a person', async () => {
    const { key, apiKey } = await createKey(owner, ['messages:write', 'flows:write'], 'CRM');
    const reply = await server.api('/api/quick-replies', { token: key, json: { shortcut: 'crm', text: 'Olá pelo CRM' } });
    expect(reply.status).toBe(201);
    await insertFlow(server, workspaceId, await insertBot(server, workspaceId, 'Bot do CRM'), 'Fluxo do CRM');
    const [flow] = await server.db.sql<{ id: string }[]>`select id from flows where user_id = ${workspaceId} and name = 'Fluxo do CRM'`;
    const flowId = flow?.id ?? '';
    expect((await server.api(`/api/flows/${flowId}`, { method: 'DELETE', token: key })).status).toBe(200);
    const lines = (await audit()).filter((line) => line.apiKey?.id === apiKey.id);
    const named = { actor: null, actorId: null, apiKey: { name: 'CRM', prefix: apiKey.prefix } };
    expect(lines.map((line) => line.action).sort()).toEqual(['flow.delete', 'key.request']);
    expect(lines.find((line) => line.action === 'key.request')).toMatchObject({ ...named, detail: { route: 'POST /api/quick-replies/' } });
    expect(lines.find((line) => line.action === 'flow.delete')).toMatchObject({ ...named, targetId: flowId, targetName: 'Fluxo do CRM' });
  });

  test('agents cannot manage keys; admins can', async () => {
    const agent = await joinedMember(server, owner, 'agent', 'Beto Atendente');
    const admin = await joinedMember(server, owner, 'admin', 'Alice Admin');
    expect((await server.api('/api/api-keys', { token: agent.token, json: { name: 'x', scopes: ['*:read'] } })).status).toBe(403);
    await createKey(admin.token, ['bots:read'], 'Do admin');
    expect(await envelope(await server.api('/api/api-keys', { token: owner, json: { name: ' ', scopes: [] } }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await envelope(await server.api('/api/api-keys', { token: owner, json: { name: 'x', scopes: ['tudo:sempre'] } }))).toMatchObject({ status: 400 });
  });

  test('a key is throttled on its own: 429 with Retry-After and a pt-BR message', async () => {
    const { key } = await createKey(owner, ['contacts:read'], 'Robô apressado');
    const other = (await createKey(owner, ['contacts:read'], 'Robô calmo')).key;
    const statuses: number[] = [];
    for (let index = 0; index < PER_MINUTE + 2; index += 1) statuses.push((await server.api('/api/contacts', { token: key })).status);
    expect(statuses.slice(0, PER_MINUTE).every((status) => status === 200)).toBe(true);
    const refused = await server.api('/api/contacts', { token: key });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await envelope(refused)).toMatchObject({ status: 429, code: 'API_KEY_THROTTLED', message: ERROR_MESSAGES.API_KEY_THROTTLED });
    expect((await server.api('/api/contacts', { token: other })).status).toBe(200);
  });
});
