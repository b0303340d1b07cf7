/**
 * Labels end to end over HTTP and the sync push (docs/product.md#entity-label): CRUD with names unique per workspace
 * whatever the case, the limits, owners and admins manage while agents apply, another workspace's label or contact
 * is a 404, the contacts and conversations lists filter by label, and the offline mutations apply exactly once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { contactResponseSchema, contactsResponseSchema } from '@shared/contacts/schemas.ts';
import { LABEL_LIMITS, LABEL_TEXTS, contactLabelsResponseSchema, labelListResponseSchema, labelResponseSchema } from '@shared/labels/schemas.ts';
import { conversationsResponseSchema } from '@shared/messages/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { joinedMember } from '../../test-support/team-member.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Call = { status: number; body: unknown };
async function call(token: string, method: string, path: string, json?: unknown): Promise<Call> {
  const response = await bed.server.api(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: await response.json() };
}
const messageOf = (answer: Call) => failureEnvelopeSchema.parse(answer.body).message;

async function createLabel(token: string, name: string, color = 'blue') {
  const answer = await call(token, 'POST', '/labels', { name, color });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer));
  return labelResponseSchema.parse(answer.body).data.label;
}

/** A workspace with a bot and `people` contacts who wrote to it (each with a conversation). */
async function workspace(people: number) {
  const registered = await registeredBot(bed);
  const users = Array.from({ length: people }, (_, index) => bed.emulator.control.createUser({ first_name: `Pessoa ${index}` }));
  for (const user of users) bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi' });
  const contacts = await eventually('the contacts', async () => {
    await bed.server.server.bots.flush();
    const rows = await bed.server.db.sql<{ id: string }[]>`
      select c.id from contacts c join conversations v on v.contact_id = c.id
      where c.bot_id = ${registered.bot.id} order by c.telegram_id`;
    return rows.length === people ? rows.map((row) => row.id) : undefined;
  }, 30_000);
  return { token: registered.auth.token, botId: registered.bot.id, contacts };
}

async function join(ownerToken: string, role: 'agent' | 'admin') {
  return (await joinedMember(bed.server, ownerToken, role)).token;
}

describe('labels', () => {
  test('create, list, rename, recolour, delete; names unique per workspace whatever the case', async () => {
    const { token } = await workspace(0);
    const vip = await createLabel(token, '  VIP  ', 'green');
    expect(vip).toMatchObject({ name: 'VIP', color: 'green' });
    const taken = await call(token, 'POST', '/labels', { name: 'vip' });
    expect(taken.status).toBe(409);
    expect(messageOf(taken)).toBe(LABEL_TEXTS.nameTaken);
    const lead = await createLabel(token, 'Lead');
    expect((await call(token, 'PATCH', `/labels/${lead.id}`, { name: 'Vip' })).status).toBe(409);
    // Renaming to its own name in another case is no clash.
    const renamed = await call(token, 'PATCH', `/labels/${lead.id}`, { name: 'LEAD quente', color: 'red' });
    expect(labelResponseSchema.parse(renamed.body).data.label).toMatchObject({ name: 'LEAD quente', color: 'red' });
    const listed = labelListResponseSchema.parse((await call(token, 'GET', '/labels')).body).data.labels;
    expect(listed.map((label) => label.name)).toEqual(['VIP', 'LEAD quente']);
    expect((await call(token, 'DELETE', `/labels/${vip.id}`)).status).toBe(200);
    expect((await call(token, 'DELETE', `/labels/${vip.id}`)).status).toBe(404);
    // Another workspace may use the same name.
    const other = await workspace(0);
    expect((await createLabel(other.token, 'LEAD QUENTE')).name).toBe('LEAD QUENTE');
  }, 30_000);

  test('bad input answers the pt-BR reason; a workspace holds at most the limit', async () => {
    const { token } = await workspace(0);
    expect(messageOf(await call(token, 'POST', '/labels', { name: '   ' }))).toBe(LABEL_TEXTS.nameRequired);
    expect(messageOf(await call(token, 'POST', '/labels', { name: 'x'.repeat(LABEL_LIMITS.nameMax + 1) }))).toBe(LABEL_TEXTS.nameTooLong);
    expect(messageOf(await call(token, 'POST', '/labels', { name: 'Cor', color: '#ff0000' }))).toBe(LABEL_TEXTS.colorInvalid);
    for (let index = 0; index < LABEL_LIMITS.perWorkspace; index += 1) await createLabel(token, `Etiqueta ${index}`);
    const over = await call(token, 'POST', '/labels', { name: 'Uma a mais' });
    expect(over.status).toBe(400);
    expect(messageOf(over)).toBe(LABEL_TEXTS.tooMany);
  }, 60_000);

  test("another workspace's label or contact is a 404, in every route and filter", async () => {
    const alice = await workspace(1);
    const bob = await workspace(1);
    const label = await createLabel(alice.token, 'Da Alice');
    const bobs = await createLabel(bob.token, 'Do Bob');
    expect((await call(bob.token, 'PATCH', `/labels/${label.id}`, { name: 'Invadida' })).status).toBe(404);
    expect((await call(bob.token, 'DELETE', `/labels/${label.id}`)).status).toBe(404);
    expect((await call(bob.token, 'PUT', `/contacts/${alice.contacts[0]}/labels`, { labelIds: [bobs.id] })).status).toBe(404);
    const mixed = await call(bob.token, 'PUT', `/contacts/${bob.contacts[0]}/labels`, { labelIds: [label.id] });
    expect(mixed.status).toBe(400);
    expect(messageOf(mixed)).toBe(LABEL_TEXTS.unknownLabel);
    expect((await call(bob.token, 'GET', `/contacts/all?label=${label.id}`)).status).toBe(404);
    expect((await call(bob.token, 'GET', `/messages/conversations?label=${label.id}`)).status).toBe(404);
    const [row] = await bed.server.db.sql<{ name: string }[]>`select name from labels where id = ${label.id}`;
    expect(row?.name).toBe('Da Alice');
  }, 60_000);

  test('owners and admins manage labels; an agent applies them and is refused managing them', async () => {
    const { token, contacts } = await workspace(1);
    const agent = await join(token, 'agent');
    const admin = await join(token, 'admin');
    const byAdmin = await createLabel(admin, 'Do admin');
    for (const [method, path, json] of [['POST', '/labels', { name: 'Do atendente' }], ['PATCH', `/labels/${byAdmin.id}`, { name: 'X' }], ['DELETE', `/labels/${byAdmin.id}`]] as const) {
      const refused = await call(agent, method, path, json);
      expect({ status: refused.status, code: failureEnvelopeSchema.parse(refused.body).code }).toEqual({ status: 403, code: 'ROLE_FORBIDDEN' });
    }
    expect(labelListResponseSchema.parse((await call(agent, 'GET', '/labels')).body).data.labels).toHaveLength(1);
    const applied = await call(agent, 'PUT', `/contacts/${contacts[0]}/labels`, { labelIds: [byAdmin.id] });
    expect(contactLabelsResponseSchema.parse(applied.body).data.labelIds).toEqual([byAdmin.id]);
    const contact = contactResponseSchema.parse((await call(token, 'GET', `/contacts/${contacts[0]}`)).body).data.contact;
    expect(contact.labelIds).toEqual([byAdmin.id]);
  }, 60_000);

  test('the contacts and conversations lists filter by label; a deleted label leaves its contacts', async () => {
    const { token, contacts } = await workspace(3);
    const [first = '', second = '', third = ''] = contacts;
    const vip = await createLabel(token, 'VIP');
    const lead = await createLabel(token, 'Lead');
    await call(token, 'PUT', `/contacts/${first}/labels`, { labelIds: [vip.id, lead.id, vip.id] });
    await call(token, 'PUT', `/contacts/${second}/labels`, { labelIds: [lead.id] });
    const ids = async (path: string) => contactsResponseSchema.parse((await call(token, 'GET', path)).body).data.contacts.map((c) => c.id).sort();
    expect(await ids(`/contacts/all?label=${vip.id}`)).toEqual([first]);
    expect(await ids(`/contacts/all?label=${lead.id}`)).toEqual([first, second].sort());
    expect((await ids('/contacts/all')).length).toBe(3);
    expect(await ids(`/contacts/all?label=${lead.id}&search=Pessoa`)).toEqual([first, second].sort());
    const conversations = async (label: string) =>
      conversationsResponseSchema.parse((await call(token, 'GET', `/messages/conversations?label=${label}`)).body).data.conversations.map((c) => c.contactId).sort();
    expect(await conversations(vip.id)).toEqual([first]);
    expect(await conversations(lead.id)).toEqual([first, second].sort());
    expect((await call(token, 'GET', '/contacts/all?label=nao-e-id')).status).toBe(400);
    await call(token, 'DELETE', `/labels/${lead.id}`);
    const [after] = contactsResponseSchema.parse((await call(token, 'GET', `/contacts/all?search=${encodeURIComponent('Pessoa 0')}`)).body).data.contacts;
    expect(after?.labelIds).toEqual([vip.id]);
    expect(third).not.toBe('');
  }, 60_000);

  test('label and contact-label mutations apply exactly once, and the pull carries labels and labelIds', async () => {
    const { token, contacts } = await workspace(1);
    const contactId = contacts[0] ?? '';
    const client = syncClient(bed.server, token);
    const labelId = crypto.randomUUID();
    const create = client.envelope('label.create', { label: { id: labelId, name: 'Offline', color: 'teal' } });
    const apply = client.envelope('contact.setLabels', { contactId, labelIds: [labelId] });
    const rename = client.envelope('label.update', { labelId, changes: { name: 'Offline renomeada' } });
    const batch = [create, apply, rename];
    // The same batch ten times at once: one effect.
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.push(batch)));
    const statuses = answers.flatMap((answer) => answer.results.map((result) => result.status));
    expect(statuses.filter((status) => status === 'applied')).toHaveLength(3);
    expect(statuses.every((status) => status === 'applied' || status === 'alreadyApplied')).toBe(true);
    const rows = await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from contact_labels where contact_id = ${contactId}`;
    expect(rows[0]?.n).toBe(1);
    await client.pullAll();
    expect(client.local.get('labels')?.get(labelId)).toMatchObject({ name: 'Offline renomeada', color: 'teal' });
    expect(client.local.get('contacts')?.get(contactId)).toMatchObject({ labelIds: [labelId] });
    // Deleting the label reaches the devices as a tombstone, and the contact's row again without it.
    await client.push([client.envelope('label.delete', { labelId })]);
    await client.pullAll();
    expect(client.local.get('labels')?.has(labelId)).toBe(false);
    expect(client.local.get('contacts')?.get(contactId)).toMatchObject({ labelIds: [] });
  }, 60_000);
});
