/**
 * Workspaces and roles end to end over HTTP (docs/decisions.md#teams): an invited agent works the owner's inbox and
 * contacts and is refused everything else; role changes and removals hold on the member's next request with the
 * token they already hold, and end their live streams; invitations are single use, expire and can be bound to an
 * e-mail; a member switches between workspaces.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { refreshResponseSchema } from '@shared/auth/schemas.ts';
import { conversationsResponseSchema } from '@shared/messages/schemas.ts';
import { pullResponseSchema, pushResponseSchema } from '@shared/sync/protocol.ts';
import { acceptInvitationResponseSchema, invitationResponseSchema, meResponseSchema, membersResponseSchema, switchWorkspaceResponseSchema } from '@shared/team/schemas.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { tenantWithEverything, type Tenant } from '../../test-support/tenant-scene.ts';

let bed: TelegramTestbed;
let owner: Tenant;
beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await tenantWithEverything(bed, `Dono${crypto.randomUUID().slice(0, 6)}`);
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

const api = (path: string, init?: Parameters<TelegramTestbed['server']['api']>[1]) => bed.server.api(path, init);

async function invite(role: 'owner' | 'admin' | 'agent', email?: string, token = owner.token) {
  const response = await api('/api/team/invitations', { token, json: { role, ...(email ? { email } : {}) } });
  expect(response.status).toBe(201);
  return invitationResponseSchema.parse(await response.json()).data.invitation;
}

/** A new account that accepted an invitation to the owner's workspace as `role`: its tokens act there. */
async function member(role: 'admin' | 'agent') {
  const account = await registerUser(bed.server, `Membro ${role}`);
  const invitation = await invite(role);
  const accepted = await api(`/api/team/invitations/${invitation.token}/accept`, { method: 'POST', token: account.tokens.accessToken });
  expect(accepted.status).toBe(200);
  return { ...account, tokens: acceptInvitationResponseSchema.parse(await accepted.json()).data.tokens };
}

async function refusal(response: Response) {
  return { status: response.status, ...failureEnvelopeSchema.pick({ code: true, message: true }).parse(await response.json()) };
}

const ROLE_FORBIDDEN = { status: 403, code: 'ROLE_FORBIDDEN', message: 'Seu papel nesta equipe não permite esta ação.' };
const NOT_A_MEMBER = { status: 403, code: 'NOT_A_MEMBER', message: 'Você não faz mais parte desta equipe.' };

async function pushOne(token: string, name: string, args: unknown) {
  const mutation = { clientId: crypto.randomUUID(), mutationId: 1, name, args, createdAt: new Date().toISOString() };
  return api('/api/sync/push', { token, json: { mutations: [mutation] } });
}

describe('an invited agent', () => {
  test("sees the owner's contacts and conversations and replies, as a member of the owner's workspace", async () => {
    const agent = await member('agent');
    const token = agent.tokens.accessToken;
    const me = meResponseSchema.parse(await (await api('/api/auth/me', { token })).json()).data;
    expect(me.user.id).toBe(agent.user.id);
    expect(me.workspace).toMatchObject({ id: owner.userId, role: 'agent' });
    expect(me.workspaces.map((workspace) => [workspace.id, workspace.role])).toEqual([[agent.user.id, 'owner'], [owner.userId, 'agent']]);
    const conversations = conversationsResponseSchema.parse(await (await api('/api/messages/conversations', { token })).json()).data.conversations;
    expect(conversations.map((conversation) => conversation.contactId)).toContain(owner.contactId);
    expect((await api(`/api/contacts/${owner.contactId}`, { token })).status).toBe(200);
    const reply = await api('/api/messages/send', { token, json: { id: crypto.randomUUID(), botId: owner.botId, contactId: owner.contactId, text: 'Resposta do atendente' } });
    expect(reply.status).toBe(200);
  });

  test('gets 403 with the pt-BR text on bots, flows, broadcasts, funnels, pixels, the dashboard and the team', async () => {
    const token = (await member('agent')).tokens.accessToken;
    const paths = ['/api/bots', `/api/flows/${owner.flowId}`, '/api/broadcasts', '/api/funnels', '/api/pixels', '/api/dashboard/activity', '/api/team/members'];
    for (const path of paths) expect(await refusal(await api(path, { token })), path).toEqual(ROLE_FORBIDDEN);
    expect(await refusal(await api('/api/team/invitations', { token, json: { role: 'agent' } }))).toEqual(ROLE_FORBIDDEN);
  });

  test('a sync push refuses the mutations of the role visibly, one by one, and the pull leaves out the flows', async () => {
    const token = (await member('agent')).tokens.accessToken;
    const denied = pushResponseSchema.parse(await (await pushOne(token, 'flow.setEnabled', { flowId: owner.flowId, enabled: false })).json()).data.results[0];
    expect(denied).toMatchObject({ status: 'failed', code: 'ROLE_FORBIDDEN', message: ROLE_FORBIDDEN.message });
    const [flow] = await bed.server.db.sql<{ enabled: boolean }[]>`select enabled from flows where id = ${owner.flowId}`;
    expect(flow?.enabled).toBe(true);
    const allowed = pushResponseSchema.parse(await (await pushOne(token, 'conversation.markRead', { contactId: owner.contactId })).json()).data.results[0];
    expect(allowed?.status).toBe('applied');
    const pulled = pullResponseSchema.parse(await (await api('/api/sync/pull?cursor=0', { token })).json()).data;
    expect(pulled.changes.contacts?.map((contact) => contact.id)).toContain(owner.contactId);
    expect(pulled.changes.flows ?? []).toEqual([]);
    expect(pulled.changes.flowNodes ?? []).toEqual([]);
  });
});

describe('role changes and removals', () => {
  test('a new role holds on the very next request with the token the member already has', async () => {
    const agent = await member('agent');
    const token = agent.tokens.accessToken;
    expect((await api('/api/bots', { token })).status).toBe(403);
    expect((await api(`/api/team/members/${agent.user.id}`, { method: 'PATCH', token: owner.token, json: { role: 'admin' } })).status).toBe(200);
    expect((await api('/api/bots', { token })).status).toBe(200);
    expect((await api(`/api/team/members/${agent.user.id}`, { method: 'PATCH', token: owner.token, json: { role: 'agent' } })).status).toBe(200);
    expect(await refusal(await api('/api/bots', { token }))).toEqual(ROLE_FORBIDDEN);
  });

  test('a removed member is refused on the next request, their stream ends, their offline entries are refused, and they move home', async () => {
    const agent = await member('agent');
    const token = agent.tokens.accessToken;
    const stream = await openEventStream(bed.server.url, token);
    expect(stream.status).toBe(200);
    expect((await api(`/api/team/members/${agent.user.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    await stream.ended;
    expect(await refusal(await api('/api/messages/conversations', { token }))).toEqual(NOT_A_MEMBER);
    expect(await refusal(await pushOne(token, 'conversation.markRead', { contactId: owner.contactId }))).toEqual(NOT_A_MEMBER);
    const members = membersResponseSchema.parse(await (await api('/api/team/members', { token: owner.token })).json()).data.members;
    expect(members.map((row) => row.userId)).not.toContain(agent.user.id);
    const home = await api('/api/auth/workspace', { token, json: { workspaceId: agent.user.id } });
    expect(home.status).toBe(200);
    const moved = switchWorkspaceResponseSchema.parse(await home.json()).data;
    expect(moved.workspace).toMatchObject({ id: agent.user.id, role: 'owner' });
    const conversations = conversationsResponseSchema.parse(await (await api('/api/messages/conversations', { token: moved.tokens.accessToken })).json()).data.conversations;
    expect(conversations).toEqual([]);
  });

  test('only an owner changes roles; an admin removes agents but never an owner; the founder stays an owner', async () => {
    const admin = await member('admin');
    const agent = await member('agent');
    const adminToken = admin.tokens.accessToken;
    expect(await refusal(await api(`/api/team/members/${agent.user.id}`, { method: 'PATCH', token: adminToken, json: { role: 'admin' } }))).toEqual(ROLE_FORBIDDEN);
    expect(await refusal(await api('/api/team/invitations', { token: adminToken, json: { role: 'owner' } }))).toEqual(ROLE_FORBIDDEN);
    expect(await refusal(await api(`/api/team/members/${owner.userId}`, { method: 'DELETE', token: adminToken }))).toEqual(ROLE_FORBIDDEN);
    expect((await api(`/api/team/members/${agent.user.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    const founder = { status: 409, code: 'FOUNDER_PROTECTED', message: 'Quem criou a equipe não pode ser removido nem deixar de ser proprietário.' };
    expect(await refusal(await api(`/api/team/members/${owner.userId}`, { method: 'PATCH', token: owner.token, json: { role: 'admin' } }))).toEqual(founder);
    expect(await refusal(await api(`/api/team/members/${owner.userId}`, { method: 'DELETE', token: owner.token }))).toEqual(founder);
    // An admin leaves on their own.
    expect((await api(`/api/team/members/${admin.user.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
  });
});

describe('invitations', () => {
  test('a link is relative without PUBLIC_URL, single use, and expires', async () => {
    const invitation = await invite('agent');
    expect(invitation.url).toBe(`/convite/${invitation.token}`);
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const first = await registerUser(bed.server);
    const second = await registerUser(bed.server);
    const accept = (token: string, link = invitation.token) => api(`/api/team/invitations/${link}/accept`, { method: 'POST', token });
    expect((await api(`/api/team/invitations/${invitation.token}`)).status).toBe(200);
    expect((await accept(first.tokens.accessToken)).status).toBe(200);
    const used = { status: 404, code: 'INVITATION_INVALID', message: 'Convite inválido, expirado ou já usado.' };
    expect(await refusal(await accept(second.tokens.accessToken))).toEqual(used);
    expect(await refusal(await api(`/api/team/invitations/${invitation.token}`))).toEqual(used);
    const old = await invite('agent');
    await bed.server.db.sql`update team_invitations set expires_at = now() - interval '1 second' where id = ${old.id}`;
    expect(await refusal(await accept(second.tokens.accessToken, old.token))).toEqual(used);
  });

  test('an invitation for an e-mail is accepted by that account only', async () => {
    const invited = await registerUser(bed.server);
    const stranger = await registerUser(bed.server);
    const invitation = await invite('agent', invited.user.email.toUpperCase());
    const accept = (token: string) => api(`/api/team/invitations/${invitation.token}/accept`, { method: 'POST', token });
    expect((await refusal(await accept(stranger.tokens.accessToken))).code).toBe('INVITATION_EMAIL_MISMATCH');
    expect((await accept(invited.tokens.accessToken)).status).toBe(200);
  });
});

describe('switching workspaces', () => {
  test('a member switches between their workspaces; the refreshed session stays where it acts; a stranger workspace is a 404', async () => {
    const agent = await member('agent');
    const refreshed = await api('/api/auth/refresh', { json: { refreshToken: agent.tokens.refreshToken } });
    const { tokens } = refreshResponseSchema.parse(await refreshed.json()).data;
    expect(meResponseSchema.parse(await (await api('/api/auth/me', { token: tokens.accessToken })).json()).data.workspace.id).toBe(owner.userId);
    const home = switchWorkspaceResponseSchema.parse(await (await api('/api/auth/workspace', { token: tokens.accessToken, json: { workspaceId: agent.user.id } })).json()).data;
    expect(home.workspace).toMatchObject({ id: agent.user.id, role: 'owner' });
    expect((await api('/api/bots', { token: home.tokens.accessToken })).status).toBe(200);
    const back = await api('/api/auth/workspace', { token: home.tokens.accessToken, json: { workspaceId: owner.userId } });
    expect(switchWorkspaceResponseSchema.parse(await back.json()).data.workspace).toMatchObject({ id: owner.userId, role: 'agent' });
    const stranger = await registerUser(bed.server);
    expect((await refusal(await api('/api/auth/workspace', { token: home.tokens.accessToken, json: { workspaceId: stranger.user.id } }))).status).toBe(404);
  });
});
