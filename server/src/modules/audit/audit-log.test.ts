/**
 * The workspace's audit log end to end over HTTP: each recorded action, through its real route or a sync mutation,
 * leaves one line naming who (the member), what (action, target and its name), when and from where; the log is the
 * workspace's own (another workspace's lines never show), owners and admins read it, agents get 403; filters by
 * member and action; pages newest first; a refused mutation leaves no line.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { auditPageSchema, type AuditEntry } from '@shared/audit/schemas.ts';
import { successEnvelope } from '@shared/api/envelope.ts';
import { pushResponseSchema } from '@shared/sync/protocol.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { tenantWithEverything, type Tenant } from '../../test-support/tenant-scene.ts';
import { joinedMember } from '../../test-support/team-member.ts';

let bed: TelegramTestbed;
let owner: Tenant;
let other: Tenant;
let admin: { id: string; name: string; token: string };
const AGENT_UA = 'NavegadorDoAdmin/1.0';

const api = (path: string, init?: Parameters<TelegramTestbed['server']['api']>[1]) => bed.server.api(path, init);
const auditResponse = successEnvelope(auditPageSchema);

async function join(role: 'admin' | 'agent', name: string) {
  const { id, token } = await joinedMember(bed.server, owner.token, role, name);
  return { id, name, token };
}

async function audit(query = '', token = owner.token) {
  const response = await api(`/api/team/audit${query}`, { token });
  expect(response.status).toBe(200);
  return auditResponse.parse(await response.json()).data;
}

const byAdmin = (init: { method?: string; json?: unknown }) => ({ ...init, token: admin.token, headers: { 'user-agent': AGENT_UA } });

async function pushOne(token: string, name: string, args: unknown) {
  const mutation = { clientId: crypto.randomUUID(), mutationId: 1, name, args, createdAt: new Date().toISOString() };
  const response = await api('/api/sync/push', { token, json: { mutations: [mutation] }, headers: { 'user-agent': AGENT_UA } });
  return pushResponseSchema.parse(await response.json()).data.results[0];
}

const find = (entries: AuditEntry[], action: string, targetId: string) => entries.find((entry) => entry.action === action && entry.targetId === targetId);

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await tenantWithEverything(bed, `Audit${crypto.randomUUID().slice(0, 6)}`);
  other = await tenantWithEverything(bed, `Outro${crypto.randomUUID().slice(0, 6)}`);
  admin = await join('admin', 'Ana Admin');
}, SERVER_START_TIMEOUT_MS * 3);
afterAll(() => bed.stop());

describe('the audit log', () => {
  test("an admin's REST changes to bots, flows, broadcasts and pixels leave a line each: who, what, which, from where", async () => {
    expect((await api(`/api/bots/${owner.botId}`, byAdmin({ method: 'PATCH', json: { isActive: false } }))).status).toBe(200);
    expect((await api(`/api/flows/${owner.flowId}/toggle`, byAdmin({ method: 'PATCH', json: { enabled: true } }))).status).toBe(200);
    expect((await api(`/api/broadcasts/${owner.broadcastId}`, byAdmin({ method: 'DELETE' }))).status).toBe(200);
    const pixel = await api('/api/pixels', byAdmin({ json: { name: 'Pixel da Ana', pixelId: '223456789012345', accessToken: `EAAB${'a'.repeat(40)}` } }));
    expect(pixel.status).toBe(201);
    const pixelId = String(Reflect.get(Reflect.get(Reflect.get(Object(await pixel.json()), 'data'), 'pixel'), 'id'));
    expect((await api(`/api/bots/${owner.botId}`, byAdmin({ method: 'DELETE' }))).status).toBe(200);

    const { entries } = await audit(`?actor=${admin.id}`);
    const bot = find(entries, 'bot.trash', owner.botId);
    expect(bot).toMatchObject({ actor: { id: admin.id, name: 'Ana Admin' }, targetType: 'bot', userAgent: AGENT_UA });
    expect(bot?.targetName).toStartWith('@');
    expect(bot?.clientAddress).not.toBeNull();
    expect(find(entries, 'bot.update', owner.botId)).toBeDefined();
    expect(find(entries, 'flow.publish', owner.flowId)?.targetName).toBe(`Fluxo ${owner.marker}`);
    // Deleted: the name it had is kept in the line.
    expect(find(entries, 'broadcast.delete', owner.broadcastId)?.targetName).toBe(`Disparo ${owner.marker}`);
    expect(find(entries, 'pixel.create', pixelId)?.targetName).toBe('Pixel da Ana');
    expect(entries.every((entry) => entry.actorId === admin.id)).toBe(true);
    const restored = await api(`/api/bots/trash/${owner.botId}/restore`, byAdmin({ method: 'POST' }));
    expect(restored.status).toBe(200);
    expect(find((await audit('?action=bot.restore')).entries, 'bot.restore', owner.botId)).toBeDefined();
  });

  test('a sync mutation leaves its line in its transaction; a refused one leaves none', async () => {
    expect((await pushOne(admin.token, 'flow.setEnabled', { flowId: owner.flowId, enabled: false }))?.status).toBe('applied');
    const line = find((await audit('?action=flow')).entries, 'flow.unpublish', owner.flowId);
    expect(line).toMatchObject({ actorId: admin.id, userAgent: AGENT_UA, targetName: `Fluxo ${owner.marker}` });
    const before = (await audit()).entries.length;
    // Another workspace's flow: refused (not found), nothing recorded.
    expect((await pushOne(admin.token, 'flow.delete', { flowId: other.flowId }))?.status).toBe('failed');
    expect((await audit()).entries.length).toBe(before);
  });

  test('member changes and sign-ins are recorded where they happen', async () => {
    const agent = await join('agent', 'Beto Atendente');
    expect((await api(`/api/team/members/${agent.id}`, { method: 'PATCH', token: owner.token, json: { role: 'admin' } })).status).toBe(200);
    expect((await api(`/api/team/members/${agent.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const { entries } = await audit('?action=member');
    expect(find(entries, 'member.join', agent.id)).toMatchObject({ actorId: agent.id, targetName: 'Beto Atendente', detail: { role: 'agent' } });
    expect(find(entries, 'member.role_change', agent.id)).toMatchObject({ actorId: owner.userId, detail: { from: 'agent', to: 'admin' } });
    expect(find(entries, 'member.remove', agent.id)).toMatchObject({ actorId: owner.userId });
    expect(entries.some((entry) => entry.action === 'member.invite' && entry.targetType === 'invitation')).toBe(true);

    expect((await api('/api/auth/login', { json: { email: owner.email, password: 'segredo1' }, headers: { 'user-agent': 'Celular/2' } })).status).toBe(200);
    expect((await audit('?action=auth.sign_in')).entries[0]).toMatchObject({ actorId: owner.userId, userAgent: 'Celular/2' });
  });

  test("is the workspace's own: another workspace's lines never show, and an agent is refused", async () => {
    const mine = await audit('?limit=100');
    expect(mine.entries.some((entry) => entry.targetId === other.botId || entry.targetId === other.flowId)).toBe(false);
    const theirs = await audit('?limit=100', other.token);
    expect(theirs.entries.some((entry) => entry.actorId === admin.id)).toBe(false);
    const agent = await join('agent', 'Caio Atendente');
    const refused = await api('/api/team/audit', { token: agent.token });
    expect(refused.status).toBe(403);
  });

  test('pages newest first with nextBefore, and refuses bad filters in pt-BR', async () => {
    const first = await audit('?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(BigInt(first.entries[0]?.id ?? 0)).toBeGreaterThan(BigInt(first.entries[1]?.id ?? 0));
    const second = await audit(`?limit=2&before=${first.nextBefore}`);
    expect(BigInt(second.entries[0]?.id ?? 0)).toBeLessThan(BigInt(first.entries[1]?.id ?? 0));
    const bad = await api('/api/team/audit?actor=ninguem', { token: owner.token });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Membro inválido');
  });
});
