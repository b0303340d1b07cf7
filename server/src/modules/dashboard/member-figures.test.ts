/**
 * Per-member figures over HTTP (GET /api/dashboard/members?days=7|30): assigned, resolved and the median first
 * response, as member-figures-repository.ts defines them, for every member; owners and admins only. The history
 * rows come from the SQL fixture test-support/team-inbox-rows.ts (see there why).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { memberFiguresResponseSchema } from '@shared/dashboard/member-figures.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { insertAssignment, insertContactRow, insertMessage, insertStatus } from '../../test-support/team-inbox-rows.ts';
import { insertBot } from '../../test-support/fixtures.ts';
import { joinedMember } from '../../test-support/team-member.ts';

let server: TestServer;
let owner: Awaited<ReturnType<typeof registerUser>>;
const people = { agent: { id: '', token: '' }, admin: { id: '', token: '' } };

async function join(role: 'admin' | 'agent') {
  const { id, token } = await joinedMember(server, owner.tokens.accessToken, role, role === 'agent' ? 'Beto' : 'Ana');
  return { id, token };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server, 'Dona');
  people.agent = await join('agent');
  people.admin = await join('admin');
  const ws = owner.user.id;
  const botId = await insertBot(server, ws);
  const sql = server.db.sql;
  const now = new Date();
  const [c1, c2, c3, old] = [
    await insertContactRow(sql, ws, botId, 'C1'), await insertContactRow(sql, ws, botId, 'C2'), await insertContactRow(sql, ws, botId, 'C3'), await insertContactRow(sql, ws, botId, 'Antigo'),
  ];
  const row = (contactId: string, memberId: string | null) => ({ workspaceId: ws, botId, contactId, memberId });
  // C1: the contact waits from 60 min ago, assigned to the agent at 50, answered at 45 → 300 s (from the assignment).
  await insertMessage(sql, row(c1, null), now, 60);
  await insertAssignment(sql, ws, c1, people.agent.id, ws, now, 50);
  await insertMessage(sql, row(c1, people.agent.id), now, 45);
  await insertStatus(sql, ws, c1, 'RESOLVED', people.agent.id, now, 40);
  // C2: assigned at 40 with nothing waiting; the contact writes at 30, the agent answers at 28 → 120 s.
  await insertAssignment(sql, ws, c2, people.agent.id, ws, now, 40);
  await insertMessage(sql, row(c2, null), now, 30);
  await insertMessage(sql, row(c2, people.agent.id), now, 28);
  // C3: waiting from 25, assigned to the agent at 20, reassigned to the admin at 15; the admin answers at 12 (180 s),
  // the agent only at 10, after it stopped being theirs: no response of the agent.
  await insertMessage(sql, row(c3, null), now, 25);
  await insertAssignment(sql, ws, c3, people.agent.id, ws, now, 20);
  await insertAssignment(sql, ws, c3, people.admin.id, ws, now, 15);
  await insertMessage(sql, row(c3, people.admin.id), now, 12);
  await insertMessage(sql, row(c3, people.agent.id), now, 10);
  // Ten days ago: in the 30 days only (waiting 60 s before the assignment, answered 600 s after it).
  await insertMessage(sql, row(old, null), now, 10 * 24 * 60 + 1);
  await insertAssignment(sql, ws, old, people.agent.id, ws, now, 10 * 24 * 60);
  await insertMessage(sql, row(old, people.agent.id), now, 10 * 24 * 60 - 10);
  await insertStatus(sql, ws, old, 'RESOLVED', people.agent.id, now, 10 * 24 * 60 - 11);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

async function figures(days: number, token = owner.tokens.accessToken) {
  const response = await server.api(`/api/dashboard/members?days=${days}`, { token });
  expect(response.status).toBe(200);
  return memberFiguresResponseSchema.parse(await response.json()).data.members;
}

describe('per-member figures', () => {
  test('7 days: assigned, resolved and the median first response of each member', async () => {
    const rows = await figures(7);
    expect(rows.map((row) => row.userId)).toEqual([owner.user.id, people.agent.id, people.admin.id]);
    expect(rows[1]).toMatchObject({ assigned: 3, resolved: 1, medianFirstResponseSeconds: 210, responses: 2 });
    expect(rows[2]).toMatchObject({ assigned: 1, resolved: 0, medianFirstResponseSeconds: 180, responses: 1 });
    expect(rows[0]).toMatchObject({ assigned: 0, resolved: 0, medianFirstResponseSeconds: null, responses: 0 });
  });

  test('30 days take the older conversation in', async () => {
    const agent = (await figures(30)).find((row) => row.userId === people.agent.id);
    expect(agent).toMatchObject({ assigned: 4, resolved: 2, medianFirstResponseSeconds: 300, responses: 3 });
  });

  test('an admin reads them, an agent is refused, another period is refused in pt-BR', async () => {
    expect((await figures(7, people.admin.token)).length).toBe(3);
    expect((await server.api('/api/dashboard/members?days=7', { token: people.agent.token })).status).toBe(403);
    const bad = await server.api('/api/dashboard/members?days=90', { token: owner.tokens.accessToken });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('use 7 ou 30 dias');
  });
});
