/**
 * The workspace's own life over HTTP: the owner renames it (GET /auth/me answers the new name); an agent or an
 * admin leaves it on their own and is refused there on their next request, the founder cannot; the owner deletes
 * it with the password: every tenant row, job and file goes, every other member is removed (their streams end, their
 * next request is refused, they move home), the founder keeps an empty workspace of the same id with one audit line.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { auditPageSchema } from '@shared/audit/schemas.ts';
import { successEnvelope } from '@shared/api/envelope.ts';
import { meResponseSchema, membersResponseSchema } from '@shared/team/schemas.ts';
import { workspaceDeletionImpactResponseSchema } from '@shared/team/workspace-schemas.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { tenantWithEverything, type Tenant } from '../../test-support/tenant-scene.ts';
import { KEPT_TABLES, TENANT_TABLES } from './workspace-erasure-repository.ts';
import { joinedMember } from '../../test-support/team-member.ts';

// A deletion stops bots and empties every tenant table: seconds on a loaded machine.
setDefaultTimeout(30_000);

let bed: TelegramTestbed;
let owner: Tenant;
let neighbour: Tenant;
const api = (path: string, init?: Parameters<TelegramTestbed['server']['api']>[1]) => bed.server.api(path, init);

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await tenantWithEverything(bed, `Vida${crypto.randomUUID().slice(0, 6)}`);
  neighbour = await tenantWithEverything(bed, `Vizinho${crypto.randomUUID().slice(0, 6)}`);
}, SERVER_START_TIMEOUT_MS * 3);
afterAll(() => bed.stop());

async function join(role: 'admin' | 'agent') {
  const { id, token } = await joinedMember(bed.server, owner.token, role);
  return { id, token };
}

const codeOf = async (response: Response) => ({ status: response.status, code: failureEnvelopeSchema.parse(await response.json()).code });
const me = async (token: string) => meResponseSchema.parse(await (await api('/api/auth/me', { token })).json()).data;
const count = async (table: string, column: string, id: string) =>
  (await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from ${bed.server.db.sql(table)} where ${bed.server.db.sql(column)} = ${id}`)[0]?.n;

describe("the workspace's own life", () => {
  test('the owner renames it; an admin cannot', async () => {
    const admin = await join('admin');
    expect(await codeOf(await api('/api/team/workspace', { method: 'PATCH', token: admin.token, json: { name: 'Outro' } }))).toEqual({ status: 403, code: 'ROLE_FORBIDDEN' });
    const renamed = await api('/api/team/workspace', { method: 'PATCH', token: owner.token, json: { name: '  Loja da Ana  ' } });
    expect(renamed.status).toBe(200);
    expect((await me(admin.token)).workspace).toMatchObject({ id: owner.userId, name: 'Loja da Ana', role: 'admin' });
    expect((await api('/api/team/workspace', { method: 'PATCH', token: owner.token, json: { name: '' } })).status).toBe(400);
  });

  test('an agent leaves on their own and is refused there next; the founder cannot leave', async () => {
    const agent = await join('agent');
    expect((await api('/api/team/leave', { method: 'POST', token: agent.token })).status).toBe(200);
    expect(await codeOf(await api('/api/messages/conversations', { token: agent.token }))).toEqual({ status: 403, code: 'NOT_A_MEMBER' });
    expect(await codeOf(await api('/api/team/leave', { method: 'POST', token: owner.token }))).toEqual({ status: 409, code: 'FOUNDER_PROTECTED' });
  });

  test('every table with a tenant column is either emptied by the deletion or kept on purpose', async () => {
    const rows = await bed.server.db.sql<{ table: string }[]>`
      select distinct c.table_name as table from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name in ('user_id', 'account_id', 'workspace_id', 'tenant')`;
    const listed = new Set<string>([...TENANT_TABLES, ...KEPT_TABLES]);
    expect(rows.map((row) => row.table).filter((table) => !listed.has(table))).toEqual([]);
  });

  test('deleting it asks the password, erases the tenant data and removes every member at once; the founder keeps an empty workspace', async () => {
    const agent = await join('agent');
    const stream = await openEventStream(bed.server.url, agent.token);
    expect(stream.status).toBe(200);
    const impact = workspaceDeletionImpactResponseSchema.parse(await (await api('/api/team/workspace/deletion-impact', { token: owner.token })).json()).data.impact;
    expect(impact).toMatchObject({ bots: 1, flows: 1, broadcasts: 1, pixels: 1 });
    expect(impact.members).toBeGreaterThanOrEqual(2);
    expect(impact.messages).toBeGreaterThan(0);

    expect((await api('/api/team/workspace', { method: 'DELETE', token: owner.token, json: { password: 'errada' } })).status).toBe(403);
    expect(await count('bots', 'user_id', owner.userId)).toBe(1);
    expect(await codeOf(await api('/api/team/workspace', { method: 'DELETE', token: agent.token, json: { password: 'segredo1' } }))).toEqual({ status: 403, code: 'ROLE_FORBIDDEN' });

    const deleted = await api('/api/team/workspace', { method: 'DELETE', token: owner.token, json: { password: 'segredo1' } });
    expect(deleted.status).toBe(200);
    await stream.ended;
    expect(await codeOf(await api('/api/messages/conversations', { token: agent.token }))).toEqual({ status: 403, code: 'NOT_A_MEMBER' });
    // Their console moves home: switching to their own workspace still works with the token they hold.
    const home = await api('/api/auth/workspace', { token: agent.token, json: { workspaceId: agent.id } });
    expect(home.status).toBe(200);
    expect(await codeOf(await api('/api/auth/workspace', { token: agent.token, json: { workspaceId: owner.userId } }))).toEqual({ status: 404, code: 'NOT_FOUND' });

    for (const table of TENANT_TABLES) expect(await count(table, 'user_id', owner.userId), table).toBe(0);
    expect(await count('jobs', 'tenant', owner.userId)).toBe(0);
    expect(await count('team_invitations', 'workspace_id', owner.userId)).toBe(0);
    const members = membersResponseSchema.parse(await (await api('/api/team/members', { token: owner.token })).json()).data.members;
    expect(members.map((member) => member.userId)).toEqual([owner.userId]);
    const log = successEnvelope(auditPageSchema).parse(await (await api('/api/team/audit', { token: owner.token })).json()).data.entries;
    expect(log.map((entry) => entry.action)).toEqual(['workspace.delete']);
    expect(log[0]?.detail).toMatchObject({ bots: 1, flows: 1 });
    expect((await me(owner.token)).workspace).toMatchObject({ id: owner.userId, role: 'owner' });
    expect((await api('/api/bots', { token: owner.token })).status).toBe(200);
    // The neighbour's workspace is untouched.
    expect(await count('bots', 'user_id', neighbour.userId)).toBe(1);
    expect(await count('contacts', 'user_id', neighbour.userId)).toBeGreaterThan(0);
  });
});
