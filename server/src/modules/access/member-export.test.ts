/**
 * The members' CSV export (docs/product.md#acessos): what Excel in pt-BR opens as it is (UTF-8 BOM, `;`, pt-BR
 * labels, dates and amounts), formula-safe cells, the list's filters (plan, status, search, the contact), another
 * workspace's plan answered as unknown; and the list's contact filter the contact page reads.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { accessMemberListResponseSchema, accessMemberResponseSchema } from '@shared/access/members.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { csvCell } from '../../lib/csv.ts';

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let planId: string;

const call = async (token: string, method: string, path: string, json?: unknown) => {
  const response = await bed.server.api(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: await response.json() };
};

const grant = async (email: string, extra: Record<string, unknown>) => {
  const answer = await call(owner.auth.token, 'POST', `/access/plans/${planId}/members`, { email, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return accessMemberResponseSchema.parse(answer.body).data.member;
};

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  const chat = await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo VIP' });
  const created = await call(owner.auth.token, 'POST', '/access/plans', { name: 'VIP; "Ouro"', botId: owner.bot.id, channelIds: [chat.channel.id], durationDays: 30 });
  planId = planResponseSchema.parse(created.body).data.plan.id;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function exportCsv(query: string) {
  const response = await bed.server.api(`/api/access/members/export${query}`, { token: owner.auth.token });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const rowsOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
/** A line's cells: split at each `;` outside quotes. */
const cellsOf = (row: string) => row.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
const emailsOf = (bytes: Uint8Array) => rowsOf(bytes).slice(1).map((row) => cellsOf(row)[2]);

describe('members CSV export', () => {
  test('a UTF-8 file with a BOM, `;` cells, pt-BR columns and values, formulas neutralized, filters honoured', async () => {
    await grant('ana@exemplo.com', { name: '=HYPERLINK("http://mal.example","clique")', days: 10 });
    await grant('bia@exemplo.com', { name: 'Bia São João', lifetime: true });
    const revoked = await grant('caio@exemplo.com', { name: '+5511 @caio', days: 5 });
    expect((await call(owner.auth.token, 'POST', `/access/members/${revoked.id}/revoke`, {})).status).toBe(200);

    const { response, bytes } = await exportCsv(`?planId=${planId}&tz=America/Sao_Paulo`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="acessos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = rowsOf(bytes);
    expect(header).toBe('Plano;Situação;E-mail;Nome;Telefone;Telegram ID;Origem;Transação;Acesso até;Valor;Moeda;Link de vínculo;Criado em');
    expect(rows).toHaveLength(3);
    const [caio, bia, ana] = rows.map(cellsOf);
    expect(caio?.slice(0, 4)).toEqual(['"VIP; ""Ouro"""', 'Revogado', 'caio@exemplo.com', "'+5511 @caio"]);
    expect(ana?.[3]).toBe(`"'=HYPERLINK(""http://mal.example"",""clique"")"`);
    expect(bia?.slice(1, 4)).toEqual(['Aguardando vínculo', 'bia@exemplo.com', 'Bia São João']);
    expect(bia?.[6]).toBe('Concessão manual');
    expect(bia?.[8]).toBe('Vitalício');
    expect(ana?.[8]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(ana?.[11]).toMatch(new RegExp(`^https://t\\.me/${owner.username}\\?start=a_`));

    expect(emailsOf((await exportCsv(`?planId=${planId}&status=REVOKED`)).bytes)).toEqual(['caio@exemplo.com']);
    expect(emailsOf((await exportCsv('?search=bia')).bytes)).toEqual(['bia@exemplo.com']);
  });

  test('bad filters are refused in pt-BR; a plan nobody here holds is unknown', async () => {
    const badZone = await bed.server.api('/api/access/members/export?tz=Marte/Base', { token: owner.auth.token });
    expect([badZone.status, failureEnvelopeSchema.parse(await badZone.json()).details?.tz]).toEqual([400, 'Fuso horário inválido']);
    const unknown = await bed.server.api(`/api/access/members/export?planId=${crypto.randomUUID()}`, { token: owner.auth.token });
    expect(unknown.status).toBe(404);
  });

  test("the list and the export filter by contact: the contact page's accesses", async () => {
    const person = bed.emulator.control.createUser({ first_name: 'Comprador' });
    bed.emulator.control.sendPrivateMessage({ from: person.id, bot: owner.token, text: 'oi' });
    const contact = await eventually('the contact', async () => {
      await bed.server.server.bots.flush();
      return (await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${owner.bot.id} and telegram_id = ${person.id}`)[0];
    });
    const member = await grant('dani@exemplo.com', { days: 3 });
    await bed.server.db.sql`update access_members set contact_id = ${contact.id} where id = ${member.id}`;
    const list = accessMemberListResponseSchema.parse((await call(owner.auth.token, 'GET', `/access/members?contactId=${contact.id}`)).body).data;
    expect(list.members.map((item) => item.email)).toEqual(['dani@exemplo.com']);
    expect(emailsOf((await exportCsv(`?contactId=${contact.id}`)).bytes)).toEqual(['dani@exemplo.com']);
  });

  test('cells: formula starts prefixed, separators and quotes quoted, empty for null', () => {
    expect(['=1+1', '+55', '-3', '@a', '\tx', 'ok', null, 'a;b', 'a"b'].map((value) => csvCell(value))).toEqual([
      "'=1+1", "'+55", "'-3", "'@a", "'\tx", 'ok', '', '"a;b"', '"a""b"',
    ]);
  });
});
