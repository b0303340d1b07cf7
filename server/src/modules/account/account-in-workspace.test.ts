/**
 * Minha conta is the person's, whatever workspace they act in: an agent acting in an owner's workspace changes their
 * own password (the owner stays signed in, with their password), sees and deletes their own account (the owner's
 * workspace keeps every row and keeps working), and may not export the workspace; audit lines name the person.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { deletionImpactResponseSchema } from '@shared/account/schemas.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { membersResponseSchema } from '@shared/team/schemas.ts';
import { ownedRows, ownershipConditions, rowDifferences } from '../../test-support/owned-rows.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { tenantWithEverything, type Tenant } from '../../test-support/tenant-scene.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { joinedMember } from '../../test-support/team-member.ts';

let bed: TelegramTestbed;
let owner: Tenant;
let conditions: Map<string, string>;
type Member = { id: string; email: string; token: string };
let agent: Member;
let admin: Member;

async function join(role: 'agent' | 'admin'): Promise<Member> {
  const { id, email, token } = await joinedMember(bed.server, owner.token, role);
  return { id, email, token };
}

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await tenantWithEverything(bed, `Dono${crypto.randomUUID().slice(0, 6)}`);
  conditions = await ownershipConditions(bed.server.db.sql);
  agent = await join('agent');
  admin = await join('admin');
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

const rowsOf = (userId: string) => ownedRows(bed.server.db.sql, conditions, userId);
const ownerWorks = async () => {
  expect((await bed.server.api('/api/auth/me', { token: owner.token })).status).toBe(200);
  const bots = await bed.server.api('/api/bots', { token: owner.token });
  expect(bots.status).toBe(200);
  expect(JSON.stringify(await bots.json())).toContain(owner.botId);
};
const auditLines = (action: string) =>
  bed.server.db.sql<{ accountId: string; actorId: string }[]>`
    select account_id as "accountId", actor_id as "actorId" from audit_log where action = ${action} order by id`;

describe('Minha conta in a workspace of someone else', () => {
  test("an agent's password change is their own: the owner stays signed in and keeps their password", async () => {
    const changed = await bed.server.api('/api/account/password', { token: agent.token, json: { currentPassword: 'segredo1', newPassword: 'senha-do-agente-2' } });
    expect(changed.status).toBe(200);
    await ownerWorks();
    expect((await bed.server.api('/api/auth/refresh', { json: { refreshToken: owner.refreshToken } })).status).toBe(200);
    expect((await bed.server.api('/api/auth/login', { json: { email: owner.email, password: 'segredo1' } })).status).toBe(200);
    expect((await bed.server.api('/api/auth/login', { json: { email: agent.email, password: 'senha-do-agente-2' } })).status).toBe(200);
  }, 30_000);

  test('exporting the workspace is for its owners; an export and a contact export are audited with the person', async () => {
    for (const member of [agent, admin]) {
      const refused = await bed.server.api('/api/account/export', { token: member.token });
      expect(failureEnvelopeSchema.parse(await refused.json()).code).toBe('ROLE_FORBIDDEN');
    }
    const agentContact = await bed.server.api(`/api/contacts/${owner.contactId}/export`, { token: agent.token });
    expect([agentContact.status, failureEnvelopeSchema.parse(await agentContact.json()).code]).toEqual([403, 'ROLE_FORBIDDEN']);
    expect((await bed.server.api(`/api/contacts/${owner.contactId}/export`, { token: admin.token })).status).toBe(200);
    expect([...(await auditLines('contact.export'))]).toEqual([{ accountId: owner.userId, actorId: admin.id }]);
    const exported = await bed.server.api('/api/account/export', { token: owner.token });
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    expect([...(await auditLines('account.export'))]).toEqual([{ accountId: owner.userId, actorId: owner.userId }]);
  }, 30_000);

  test("an agent deleting their account erases their own workspace only: the owner's rows stay and the workspace works", async () => {
    const impact = await bed.server.api('/api/account/deletion-impact', { token: agent.token });
    expect(deletionImpactResponseSchema.parse(await impact.json()).data.impact).toMatchObject({ bots: 0, contacts: 0, messages: 0, flows: 0 });
    const before = await rowsOf(owner.userId);

    const deleted = await bed.server.api('/api/account', { method: 'DELETE', token: agent.token, json: { password: 'senha-do-agente-2' } });
    expect(deleted.status).toBe(200);

    // The invitation the agent accepted forgets who accepted it (on delete set null); nothing else of the owner's changes.
    const differences = rowDifferences(before, await rowsOf(owner.userId));
    expect(differences.filter((line) => !line.startsWith('team_invitations:'))).toEqual([]);
    expect(Object.entries(await rowsOf(agent.id)).filter(([, rows]) => rows.length > 0)).toEqual([]);
    await ownerWorks();
    expect(bed.emulator.control.isPolling(owner.botToken)).toBe(true);
    const members = await bed.server.api('/api/team/members', { token: owner.token });
    expect(membersResponseSchema.parse(await members.json()).data.members.map((member) => member.userId).sort()).toEqual([owner.userId, admin.id].sort());
    expect((await bed.server.api('/api/auth/me', { token: agent.token })).status).toBe(401);
  }, 30_000);
});
