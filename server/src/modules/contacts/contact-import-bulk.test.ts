/**
 * A large contacts import (issue's figure: 100 000 lines, 1 % bad): the dry-run counts every bad line, the job
 * writes every good one once, with its label, through batches the progress follows; sent as a raw `text/csv` body
 * as a script would.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { contactImportResponseSchema } from '@shared/contacts/import.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(240_000);

const LINES = 100_000;
let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

function file(): string {
  const lines = ['Telegram ID;Nome;Telefone;Etiquetas'];
  for (let n = 1; n <= LINES; n += 1) {
    lines.push(n % 100 === 0 ? `id-${n};Ruim ${n};;` : `${800_000_000 + n};Pessoa ${n};+55 11 9${String(n).padStart(8, '0')};Lote ${n % 3}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

test('100 000 lines with 1 % bad: every good line written once, every bad one reported', async () => {
  const token = owner.auth.token;
  const posted = await bed.server.api(`/api/contacts/imports?botId=${owner.bot.id}&fileName=lote.csv`, {
    method: 'POST', token, body: file(), headers: { 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(posted.status).toBe(201);
  const dry = contactImportResponseSchema.parse(await posted.json()).data.import;
  expect(dry).toMatchObject({ totalRows: LINES, validRows: LINES * 0.99, errorCount: LINES * 0.01, newLabels: ['Lote 1', 'Lote 2', 'Lote 0'] });
  expect(dry.errors).toHaveLength(200);
  expect(dry.errors[0]).toEqual({ line: 101, column: 'Telegram ID', message: 'Telegram ID deve ser um número inteiro positivo' });

  expect((await bed.server.api(`/api/contacts/imports/${dry.id}/start`, { method: 'POST', token })).status).toBe(200);
  const seen = new Set<number>();
  const done = await eventually('the import to finish', async () => {
    const answer = await bed.server.api(`/api/contacts/imports/${dry.id}`, { token });
    const state = contactImportResponseSchema.parse(await answer.json()).data.import;
    seen.add(state.processed);
    return state.status === 'done' ? state : undefined;
  }, 200_000);
  expect(done).toMatchObject({ processed: LINES, created: LINES * 0.99, updated: 0 });
  expect(seen.size).toBeGreaterThan(1);
  const [counts] = await bed.server.db.sql<{ contacts: number; awaiting: number; labelled: number }[]>`
    select count(*)::int as contacts, count(*) filter (where awaiting_start)::int as awaiting,
      (select count(*)::int from contact_labels cl join contacts c on c.id = cl.contact_id where c.bot_id = ${owner.bot.id}) as labelled
    from contacts where bot_id = ${owner.bot.id} and telegram_id > 800000000`;
  expect(counts).toEqual({ contacts: LINES * 0.99, awaiting: LINES * 0.99, labelled: LINES * 0.99 });
});
