/**
 * Per-member figures made by the team inbox itself, with no SQL of their own: a contact writes through the Bot API
 * emulator, the owner assigns the conversation to an agent (PATCH), the agent answers from the inbox
 * (POST /messages/send, which records the member) and resolves it. The dashboard then counts the agent's
 * assignment, resolution and one first response; a reply by someone else counts for nobody.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { memberFiguresResponseSchema } from '@shared/dashboard/member-figures.ts';
import { conversationsResponseSchema } from '@shared/messages/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { joinedMember } from '../../test-support/team-member.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(30_000);

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let agent: Awaited<ReturnType<typeof joinedMember>>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  agent = await joinedMember(bed.server, owner.auth.token, 'agent', 'Bia Atendente');
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function conversationOf(name: string) {
  const user = bed.emulator.control.createUser({ first_name: name });
  bed.emulator.control.sendPrivateMessage({ from: user.id, bot: owner.token, text: `Oi, sou ${name}` });
  return eventually(`${name}'s conversation`, async () => {
    const response = await bed.server.api('/api/messages/conversations', { token: owner.auth.token });
    const rows = conversationsResponseSchema.parse(await response.json()).data.conversations;
    return rows.find((row) => row.contact.firstName === name)?.contactId;
  });
}

async function ok(path: string, token: string, init: { method?: string; json: unknown }) {
  const response = await bed.server.api(path, { token, ...init });
  expect(response.status).toBe(200);
}

const reply = (token: string, contactId: string, text: string) =>
  ok('/api/messages/send', token, { json: { id: crypto.randomUUID(), botId: owner.bot.id, contactId, text } });

async function figuresOf(userId: string) {
  const response = await bed.server.api('/api/dashboard/members?days=7', { token: owner.auth.token });
  expect(response.status).toBe(200);
  return memberFiguresResponseSchema.parse(await response.json()).data.members.find((row) => row.userId === userId);
}

test('an assignment, the assignee’s reply and the resolution made in the inbox are the agent’s figures', async () => {
  const ana = await conversationOf('Ana');
  await ok(`/api/messages/conversations/${ana}`, owner.auth.token, { method: 'PATCH', json: { assigneeId: agent.userId } });
  await reply(agent.token, ana, 'Olá Ana, já vejo isso');
  await ok(`/api/messages/conversations/${ana}`, agent.token, { method: 'PATCH', json: { status: 'RESOLVED' } });

  // A second conversation assigned to the agent but answered by the owner: assigned, with no response of the agent.
  const beto = await conversationOf('Beto');
  await ok(`/api/messages/conversations/${beto}`, owner.auth.token, { method: 'PATCH', json: { assigneeId: agent.userId } });
  await reply(owner.auth.token, beto, 'Respondo eu, Beto');

  const figures = await figuresOf(agent.userId);
  expect(figures).toMatchObject({ assigned: 2, resolved: 1, responses: 1 });
  expect(figures?.medianFirstResponseSeconds).toBeGreaterThanOrEqual(0);
  expect(await figuresOf(owner.account.user.id)).toMatchObject({ assigned: 0, resolved: 0, responses: 0 });
});
