/**
 * Assignment and status of conversations through the real server and the Bot API emulator (docs/product.md#screen-chat,
 * docs/decisions.md#teams): an owner assigns a conversation to an agent; the list filters by assignee, status and
 * unread; every open console hears it live; an agent may assign and change status too; a contact's message reopens a
 * resolved conversation; bad input and another workspace's conversation are refused; a removed member's
 * conversations become unassigned.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { assigneesResponseSchema, conversationStateResponseSchema } from '@shared/messages/assignment.ts';
import { conversationsResponseSchema } from '@shared/messages/schemas.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { joinedMember } from '../../test-support/team-member.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(20_000);

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let stranger: Awaited<ReturnType<typeof registeredBot>>;
let agent: Awaited<ReturnType<typeof joinedMember>>;
let ana: { id: number };
let contactId: string;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  stranger = await registeredBot(bed);
  agent = await joinedMember(bed.server, owner.auth.token, 'agent', 'Bia Atendente');
  ana = bed.emulator.control.createUser({ first_name: 'Ana' });
  bed.emulator.control.sendPrivateMessage({ from: ana.id, bot: owner.token, text: 'Oi, preciso de ajuda' });
  contactId = await eventually('the conversation', async () => (await list(owner.auth.token))[0]?.contactId);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function list(token: string, query = '') {
  const response = await bed.server.api(`/api/messages/conversations${query}`, { token });
  expect(response.status).toBe(200);
  return conversationsResponseSchema.parse(await response.json()).data.conversations;
}
const patch = (token: string, body: unknown, id = contactId) => bed.server.api(`/api/messages/conversations/${id}`, { method: 'PATCH', token, json: body });
const events = async (kind: string) => [
  ...(await bed.server.db.sql<{ actorId: string | null; assigneeId: string | null; status: string | null }[]>`
    select actor_id as "actorId", assignee_id as "assigneeId", status from conversation_events
    where contact_id = ${contactId} and kind = ${kind} order by id`),
];
const ids = (rows: Array<{ contactId: string }>) => rows.map((row) => row.contactId);

describe('conversation assignment', () => {
  test('a new conversation is open and unassigned; every role reads who it can be assigned to', async () => {
    expect(await list(owner.auth.token)).toMatchObject([{ contactId, assigneeId: null, status: 'OPEN' }]);
    const response = await bed.server.api('/api/messages/assignees', { token: agent.token });
    expect(response.status).toBe(200);
    const { members } = assigneesResponseSchema.parse(await response.json()).data;
    expect(members.map((member) => [member.userId, member.role])).toEqual([[owner.account.user.id, 'owner'], [agent.userId, 'agent']]);
    // The members screen itself stays the owners' and admins'.
    expect((await bed.server.api('/api/team/members', { token: agent.token })).status).toBe(403);
  });

  test('the owner assigns it to the agent: one event, the filters follow, every open console hears it', async () => {
    const [ownerStream, agentStream] = await Promise.all([openEventStream(bed.server.url, owner.auth.token), openEventStream(bed.server.url, agent.token)]);
    await eventually('both streams ready', () => ownerStream.events.length > 0 && agentStream.events.length > 0);
    const response = await patch(owner.auth.token, { assigneeId: agent.userId });
    expect(response.status).toBe(200);
    expect(conversationStateResponseSchema.parse(await response.json()).data.conversation).toEqual({ contactId, assigneeId: agent.userId, status: 'OPEN' });
    const heard = { topic: 'conversations.changed', contactId, assigneeId: agent.userId, actorId: owner.account.user.id, status: 'OPEN' };
    for (const stream of [ownerStream, agentStream]) {
      expect(await eventually('the live event', () => stream.events.find((e) => e.data.topic === 'conversations.changed'))).toMatchObject({ data: heard });
      stream.close();
    }
    // The same assignment again (a replay, a double click) records nothing more.
    expect((await patch(owner.auth.token, { assigneeId: agent.userId })).status).toBe(200);
    expect(await events('assigned')).toEqual([{ actorId: owner.account.user.id, assigneeId: agent.userId, status: null }]);
    expect(ids(await list(agent.token, '?assignee=me'))).toEqual([contactId]);
    expect(ids(await list(owner.auth.token, '?assignee=me'))).toEqual([]);
    expect(ids(await list(owner.auth.token, `?assignee=${agent.userId}`))).toEqual([contactId]);
    expect(ids(await list(owner.auth.token, '?assignee=none'))).toEqual([]);
    expect(await list(agent.token)).toMatchObject([{ contactId, assigneeId: agent.userId, status: 'OPEN' }]);
  });

  test('the agent changes status; the status and unread filters compose with the assignee one', async () => {
    const response = await patch(agent.token, { status: 'PENDING' });
    expect(response.status).toBe(200);
    expect(ids(await list(agent.token, '?assignee=me&status=PENDING'))).toEqual([contactId]);
    expect(ids(await list(agent.token, '?assignee=me&status=OPEN'))).toEqual([]);
    expect(ids(await list(agent.token, '?assignee=me&status=PENDING&unread=true'))).toEqual([contactId]);
    await bed.server.api(`/api/messages/contact/${contactId}/read-all`, { method: 'PATCH', token: agent.token });
    expect(ids(await list(agent.token, '?unread=true'))).toEqual([]);
    expect(ids(await list(agent.token, '?unread=false'))).toEqual([contactId]);
    expect(await events('status')).toEqual([{ actorId: agent.userId, assigneeId: null, status: 'PENDING' }]);
  });

  test('resolved, then a message from the contact reopens it (an event with no actor), still assigned', async () => {
    expect((await patch(agent.token, { status: 'RESOLVED' })).status).toBe(200);
    expect(ids(await list(owner.auth.token, '?status=RESOLVED'))).toEqual([contactId]);
    bed.emulator.control.sendPrivateMessage({ from: ana.id, bot: owner.token, text: 'Voltei, ainda não deu certo' });
    await eventually('reopened', async () => (await list(owner.auth.token, '?status=OPEN'))[0]?.contactId === contactId);
    expect((await events('status')).at(-1)).toEqual({ actorId: null, assigneeId: null, status: 'OPEN' });
    // Still the agent's: reopening never changes who answers.
    expect(ids(await list(agent.token, '?assignee=me&status=OPEN'))).toEqual([contactId]);
  });

  test('bad input is a pt-BR 400; an assignee from outside the workspace is refused', async () => {
    const refused = async (body: unknown) => {
      const response = await patch(owner.auth.token, body);
      return { status: response.status, body: (await response.json()) as { code: string; message: string } };
    };
    expect(await refused({ status: 'CLOSED' })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: expect.stringContaining('Situação inválida') } });
    expect(await refused({})).toMatchObject({ status: 400, body: { message: expect.stringContaining('Informe o responsável ou a situação') } });
    expect(await refused({ assigneeId: 'fulano' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Responsável inválido') } });
    expect(await refused({ assigneeId: stranger.account.user.id })).toMatchObject({ status: 400, body: { code: 'ASSIGNEE_NOT_MEMBER', message: 'O responsável precisa ser membro desta equipe.' } });
    const filter = await bed.server.api('/api/messages/conversations?assignee=alguem&status=FECHADA', { token: owner.auth.token });
    expect(filter.status).toBe(400);
    expect(await list(owner.auth.token)).toMatchObject([{ assigneeId: agent.userId, status: 'OPEN' }]);
  });

  test("another workspace's conversation is a 404, for its assignee too", async () => {
    expect((await patch(stranger.auth.token, { status: 'RESOLVED' })).status).toBe(404);
    expect((await patch(stranger.auth.token, { assigneeId: stranger.account.user.id })).status).toBe(404);
    expect((await patch(owner.auth.token, { status: 'RESOLVED' }, crypto.randomUUID())).status).toBe(404);
    expect(ids(await list(stranger.auth.token, '?assignee=none'))).toEqual([]);
    expect(ids(await list(stranger.auth.token, `?assignee=${agent.userId}`))).toEqual([]);
  });

  test("removing the agent leaves their conversations unassigned, and the open consoles hear it", async () => {
    const stream = await openEventStream(bed.server.url, owner.auth.token);
    await eventually('ready', () => stream.events.length > 0);
    expect((await bed.server.api(`/api/team/members/${agent.userId}`, { method: 'DELETE', token: owner.auth.token })).status).toBe(200);
    expect(await list(owner.auth.token)).toMatchObject([{ contactId, assigneeId: null }]);
    expect(ids(await list(owner.auth.token, '?assignee=none'))).toEqual([contactId]);
    expect((await events('assigned')).at(-1)).toEqual({ actorId: owner.account.user.id, assigneeId: null, status: null });
    await eventually('the live event', () => stream.events.some((e) => e.data.topic === 'conversations.changed'));
    stream.close();
  });
});
