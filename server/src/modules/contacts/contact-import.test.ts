/**
 * Contacts import (docs/product.md#contatos): the dry-run reports every bad line (line, column, pt-BR reason) and
 * writes no contact; the started import writes through the job with its progress; importing the same file again
 * changes nothing; imported contacts stay out of broadcast audiences until they write to the bot; files from Excel
 * (BOM, `;`, CRLF, quotes, Windows-1252) read right; an import is its workspace's alone.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { broadcastResponseSchema } from '@shared/broadcasts/answers.ts';
import { contactImportResponseSchema, type ContactImport } from '@shared/contacts/import.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { inTransaction } from '../../db/transaction.ts';
import { joinedMember } from '../../test-support/team-member.ts';
import { contactImportHandler } from './import-job.ts';
import { webhookReceiver } from '../../test-support/webhook-receiver.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(60_000);

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
const receiver = webhookReceiver();

beforeAll(async () => {
  // The local webhook receiver is on loopback: allowed here as for flow HTTP requests in tests.
  bed = await startTelegramTestbed(undefined, { env: { FLOW_HTTP_ALLOW_PRIVATE: '1' } });
  owner = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  await receiver.stop();
});

async function upload(file: Blob, fields: Record<string, string> = {}, token = owner.auth.token) {
  const form = new FormData();
  form.set('file', file, 'contatos.csv');
  form.set('botId', fields.botId ?? owner.bot.id);
  if (fields.mapping) form.set('mapping', fields.mapping);
  const response = await bed.server.api('/api/contacts/imports', { method: 'POST', body: form, token });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function dryRun(text: string, fields: Record<string, string> = {}, token = owner.auth.token): Promise<ContactImport> {
  const answer = await upload(new Blob([text]), fields, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return contactImportResponseSchema.parse(answer.body).data.import;
}

const call = async (method: string, path: string, token = owner.auth.token) => {
  const response = await bed.server.api(`/api${path}`, { method, token });
  return { status: response.status, body: (await response.json()) as unknown };
};

async function imported(id: string): Promise<ContactImport> {
  const started = await call('POST', `/contacts/imports/${id}/start`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return eventually('the import to finish', async () => {
    const state = contactImportResponseSchema.parse((await call('GET', `/contacts/imports/${id}`)).body).data.import;
    return state.status === 'done' ? state : undefined;
  }, 30_000);
}

const contactsOf = (telegramIds: number[]) => bed.server.db.sql<{ telegramId: string; firstName: string; username: string | null; phoneNumber: string | null; awaitingStart: boolean; updatedAt: Date; labels: string[] }[]>`
  select c.telegram_id::text as "telegramId", c.first_name as "firstName", c.username, c.phone_number as "phoneNumber",
    c.awaiting_start as "awaitingStart", c.updated_at as "updatedAt",
    array(select l.name from contact_labels cl join labels l on l.id = cl.label_id where cl.contact_id = c.id order by l.name) as labels
  from contacts c where c.bot_id = ${owner.bot.id} and c.telegram_id = any(${telegramIds}::bigint[]) order by c.telegram_id`;

describe('contacts import', () => {
  test('the dry-run names each bad line, its column and why, and writes no contact', async () => {
    const file = [
      '\uFEFFTelegram ID;Nome;Usuário;Telefone;Etiquetas',
      '5100001;Ana;@ana_souza;+55 11 99999-0001;VIP, Lead',
      ';Sem id;;;',
      'abc;Letras;;;',
      '5100002;"Bia ""B"" Lima";bi;;',
      '5100001;Ana de novo;;;',
      `5100003;${'x'.repeat(65)};;telefone;`,
      '"5100004";"Carla; com ponto e vírgula";;;',
    ].join('\r\n');
    const before = await bed.server.db.sql`select 1 from contacts where bot_id = ${owner.bot.id}`;
    const dry = await dryRun(file);
    expect(dry).toMatchObject({ status: 'validated', totalRows: 7, validRows: 2, errorCount: 5, newLabels: ['VIP', 'Lead'] });
    expect(dry.errors).toEqual([
      { line: 3, column: 'Telegram ID', message: 'Telegram ID é obrigatório' },
      { line: 4, column: 'Telegram ID', message: 'Telegram ID deve ser um número inteiro positivo' },
      { line: 5, column: 'Usuário', message: 'Usuário inválido (5 a 32 letras, números ou _)' },
      { line: 6, column: 'Telegram ID', message: 'Telegram ID repetido (já aparece na linha 2)' },
      { line: 7, column: 'Nome', message: 'Deve ter no máximo 64 caracteres' },
      { line: 7, column: 'Telefone', message: 'Telefone inválido' },
    ]);
    expect(await bed.server.db.sql`select 1 from contacts where bot_id = ${owner.bot.id}`).toHaveLength(before.length);
    expect(await bed.server.db.sql`select 1 from labels where user_id = (select user_id from bots where id = ${owner.bot.id}) and name in ('VIP', 'Lead')`).toHaveLength(0);
  });

  test('the import writes the valid lines with their labels, marked as not yet talking; the same file again changes nothing', async () => {
    const file = 'telegram_id,first_name,username,phone,tags\n5200001,Davi,davi_r,+5511988880001,Cliente|Newsletter\n5200002,Eva,,,Cliente\nxx,Ruim,,,\n';
    const first = await imported((await dryRun(file)).id);
    expect(first).toMatchObject({ totalRows: 3, validRows: 2, errorCount: 1, processed: 3, created: 2, updated: 0 });
    const rows = await contactsOf([5200001, 5200002]);
    expect(rows.map(({ updatedAt: _, ...row }) => row)).toEqual([
      { telegramId: '5200001', firstName: 'Davi', username: 'davi_r', phoneNumber: '+5511988880001', awaitingStart: true, labels: ['Cliente', 'Newsletter'] },
      { telegramId: '5200002', firstName: 'Eva', username: null, phoneNumber: null, awaitingStart: true, labels: ['Cliente'] },
    ]);
    const again = await imported((await dryRun(file)).id);
    expect(again).toMatchObject({ newLabels: [], created: 0, updated: 0 });
    expect(await contactsOf([5200001, 5200002])).toEqual(rows);
    const [stored] = await bed.server.db.sql<{ source: string | null }[]>`select source from contact_imports where id = ${again.id}`;
    expect(stored?.source).toBeNull();
    const audit = await bed.server.db.sql<{ targetId: string; detail: Record<string, unknown> }[]>`
      select target_id as "targetId", detail from audit_log where action = 'contact.import' and detail->>'importId' = ${first.id}`;
    expect([...audit]).toEqual([{ targetId: owner.bot.id, detail: { importId: first.id, rows: 2, newLabels: 2 } }]);
  });

  test('each contact an import creates is a contact.created webhook event; the same file again sends none', async () => {
    const subscribed = await bed.server.api('/api/webhooks', { token: owner.auth.token, json: { url: receiver.url('/importados'), events: ['contact.created'] } });
    expect(subscribed.status, await subscribed.clone().text()).toBe(201);
    const file = 'telegram_id,first_name\n5300001,Gil\n5300002,Hana\n';
    await imported((await dryRun(file)).id);
    const created = await eventually('both contact.created events', () => {
      const events = receiver.on('/importados').map((entry) => JSON.parse(entry.body) as { type: string; data: { contact: { telegramId: string; firstName: string } } });
      return events.length >= 2 ? events : undefined;
    }, 20_000);
    expect(created.map((event) => [event.type, event.data.contact.telegramId, event.data.contact.firstName])).toEqual([
      ['contact.created', '5300001', 'Gil'], ['contact.created', '5300002', 'Hana'],
    ]);
    await imported((await dryRun(file)).id);
    await Bun.sleep(1000);
    expect(receiver.on('/importados')).toHaveLength(2);
  });

  test('an import whose job fails its last attempt ends failed, not running for ever', async () => {
    const checked = await dryRun('telegram_id,first_name\n5400001,Ivo\n');
    const sql = bed.server.db.sql;
    // Running with no job of its own (the handler is called here), and its contact refused by the database each time.
    await sql`update contact_imports set status = 'running' where id = ${checked.id}`;
    await sql.unsafe(`create or replace function refuse_5400001() returns trigger language plpgsql as $$
      begin if new.telegram_id = 5400001 then raise exception 'disco cheio'; end if; return new; end $$`);
    await sql.unsafe('create trigger refuse_5400001 before insert on contacts for each row execute function refuse_5400001()');
    const statusOf = async () => (await sql<{ status: string }[]>`select status from contact_imports where id = ${checked.id}`)[0]?.status;
    const attempt = (attempts: number) => contactImportHandler({ sql }).run({ importId: checked.id }, {
      job: { id: crypto.randomUUID(), kind: 'contacts.import', payload: {}, attempts, maxAttempts: 20, leaseToken: 'teste' },
      signal: new AbortController().signal,
      completeWith: (work) => inTransaction(sql, work),
    });
    try {
      await expect(attempt(3)).rejects.toThrow('disco cheio');
      expect(await statusOf()).toBe('running');
      await expect(attempt(20)).rejects.toThrow('disco cheio');
      expect(await statusOf()).toBe('failed');
    } finally {
      await sql.unsafe('drop trigger refuse_5400001 on contacts');
    }
  });

  test('imported contacts are out of a broadcast audience until their first message to the bot', async () => {
    const person = bed.emulator.control.createUser({ first_name: 'Fábio Real' });
    await imported((await dryRun(`Telegram ID;Nome\n${person.id};Fábio da planilha\n5300001;Gabi\n`)).id);
    const created = await bed.server.api('/api/broadcasts', { token: owner.auth.token, json: { name: 'Promo', botId: owner.bot.id, message: 'Olá', targetType: 'ALL' } });
    const broadcast = broadcastResponseSchema.parse(await created.json()).data.broadcast;
    const audience = async () => broadcastResponseSchema.parse((await call('GET', `/broadcasts/${broadcast.id}`)).body).data.broadcast.audienceCount;
    const before = await audience();
    const [talking] = await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from contacts where bot_id = ${owner.bot.id} and not awaiting_start and not is_bot`;
    expect(before).toBe(talking?.n ?? -1);

    bed.emulator.control.sendPrivateMessage({ from: person.id, bot: owner.token, text: '/start' });
    await eventually('the /start to clear the mark', async () => {
      await bed.server.server.bots.flush();
      const [row] = await contactsOf([person.id]);
      return row && !row.awaitingStart ? row : undefined;
    });
    expect(await audience()).toBe((before ?? -1) + 1);
    expect((await contactsOf([person.id]))[0]?.firstName).toBe('Fábio Real');
  });

  test('a Windows-1252 file from Excel reads its accents; a mapping picks the columns', async () => {
    const bytes = Uint8Array.from([...'Código;Nome completo\r\n5400001;Jo'].map((char) => char.charCodeAt(0)).concat([0xe3, 0x6f, 0x0d, 0x0a]));
    const mapping = JSON.stringify({ telegramId: 0, firstName: 1 });
    const dry = await upload(new Blob([bytes]), { mapping });
    expect(dry.status).toBe(201);
    await imported(contactImportResponseSchema.parse(dry.body).data.import.id);
    expect((await contactsOf([5400001]))[0]?.firstName).toBe('João');
  });

  test("an agent's file may use the workspace's labels, not create them: each line naming a new one is refused", async () => {
    const agent = await joinedMember(bed.server, owner.auth.token, 'agent', 'Atendente Importa');
    const dry = await dryRun('Telegram ID;Etiquetas\n5600001;Cliente\n5600002;Nova Etiqueta\n', {}, agent.token);
    expect(dry).toMatchObject({ validRows: 1, errorCount: 1, newLabels: [] });
    expect(dry.errors).toEqual([{ line: 3, column: 'Etiquetas', message: 'Etiqueta "Nova Etiqueta" não existe e seu papel não permite criá-la' }]);
  });

  test('refusals: no Telegram ID column, an empty file, a second start, another workspace', async () => {
    const noId = failureEnvelopeSchema.parse((await upload(new Blob(['Nome;Telefone\nAna;\n']))).body);
    expect(noId).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Escolha a coluna do Telegram ID' });
    expect(failureEnvelopeSchema.parse((await upload(new Blob(['Telegram ID;Nome\n']))).body).code).toBe('CONTACT_IMPORT_EMPTY');
    const dry = await dryRun('Telegram ID\n5500001\n');
    await imported(dry.id);
    const twice = await call('POST', `/contacts/imports/${dry.id}/start`);
    expect(twice.status).toBe(409);
    const stranger = await registeredBot(bed);
    expect((await call('GET', `/contacts/imports/${dry.id}`, stranger.auth.token)).status).toBe(404);
    expect((await upload(new Blob(['Telegram ID\n1\n']), {}, stranger.auth.token)).status).toBe(404);
  });
});
