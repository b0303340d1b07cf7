/**
 * The contacts CSV (docs/product.md#contatos): what Excel in pt-BR opens as it is (UTF-8 BOM, `;`, CRLF), the
 * screen's filters applied (bot, search, people or bots, label, funnel), labels and funnels in their columns,
 * dates in the viewer's zone, formula-like cells made inert; every batch of a large list once; another workspace's
 * filter answered as unknown. The file imports back.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { CONTACT_EXPORT_HEADER } from '@shared/contacts/export.ts';
import { csvRecords } from '@shared/contacts/csv-parse.ts';
import { contactImportResponseSchema } from '@shared/contacts/import.ts';
import { createFunnel } from '../../test-support/funnels.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(60_000);

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let funnelId: string;
let labelId: string;

const sql = () => bed.server.db.sql;

async function contact(telegramId: number, firstName: string, extra: { isBot?: boolean; createdAt?: Date; phone?: string } = {}) {
  const [row] = await sql()<{ id: string }[]>`
    insert into contacts (bot_id, telegram_id, first_name, is_bot, phone_number, created_at)
    values (${owner.bot.id}, ${telegramId}, ${firstName}, ${extra.isBot ?? false}, ${extra.phone ?? null}, ${extra.createdAt ?? new Date()}) returning id`;
  return row?.id ?? '';
}

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  const { channel } = await promotedChat(bed, owner, { type: 'channel', title: 'Canal Funil' });
  funnelId = (await createFunnel(bed, owner, channel.id, { name: 'Funil Verão' })).funnel.id;
  const label = await bed.server.api('/api/labels', { token: owner.auth.token, json: { name: 'VIP', color: 'green' } });
  labelId = String(Reflect.get(Reflect.get(Reflect.get(Object(await label.json()), 'data'), 'label'), 'id'));
  const ana = await contact(6100001, 'Ana Paula', { phone: '+55 11 90000-0001', createdAt: new Date('2026-03-01T12:00:00Z') });
  await contact(6100002, '=HYPERLINK("http://mal.example","clique")');
  await contact(6100003, 'Robô', { isBot: true });
  await bed.server.api(`/api/contacts/${ana}/labels`, { method: 'PUT', token: owner.auth.token, json: { labelIds: [labelId] } });
  await sql()`insert into funnel_entries (funnel_id, contact_id, entered_at) values (${funnelId}, ${ana}, '2026-03-02T15:30:00Z')`;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function exportCsv(query: string, token = owner.auth.token) {
  const response = await bed.server.api(`/api/contacts/export.csv${query}`, { token });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
}

const rowsOf = (text: string) => [...csvRecords(text)].slice(1).map((record) => record.cells);

describe('contacts CSV export', () => {
  test('Excel pt-BR format: BOM, `;`, CRLF, the header; labels, funnel and dates in the viewer zone', async () => {
    const file = await exportCsv(`?botId=${owner.bot.id}&search=ana&tz=America/Sao_Paulo`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.text.split('\r\n')[0]).toBe(CONTACT_EXPORT_HEADER.join(';'));
    expect(rowsOf(file.text)).toEqual([[
      owner.bot.name, '6100001', 'Ana Paula', '', '', "'+55 11 90000-0001", '', 'Pessoa', 'VIP', 'Funil Verão', '02/03/2026 12:30',
      '0', 'Conversa com o bot', expect.any(String), '01/03/2026 09:00',
    ]]);
  });

  test('filters: label, funnel, people only; a formula-like name is made inert', async () => {
    const names = async (query: string) => rowsOf((await exportCsv(query)).text).map((cells) => cells[2]);
    expect(await names(`?label=${labelId}`)).toEqual(['Ana Paula']);
    expect(await names(`?funnelId=${funnelId}`)).toEqual(['Ana Paula']);
    expect(await names(`?botId=${owner.bot.id}&isBot=true`)).toEqual(['Robô']);
    const people = await names(`?botId=${owner.bot.id}&isBot=false`);
    expect(people).toContain(`'=HYPERLINK("http://mal.example","clique")`);
    expect(people).not.toContain('Robô');
    const audit = await sql()<{ targetId: string | null; detail: Record<string, unknown> }[]>`
      select target_id as "targetId", detail from audit_log where action = 'contact.list_export' and detail->>'labelId' = ${labelId}`;
    expect([...audit]).toEqual([{ targetId: null, detail: { botId: null, labelId, funnelId: null, searched: false, isBot: null } }]);
  });

  test('a large list comes whole, each contact once, across batches', async () => {
    await sql()`
      insert into contacts (bot_id, telegram_id, first_name, created_at)
      select ${owner.bot.id}, 6200000 + n, 'Lote ' || n, '2026-01-01T00:00:00Z'::timestamptz + (n % 7) * interval '1 second'
      from generate_series(1, 2500) n`;
    const ids = rowsOf((await exportCsv(`?botId=${owner.bot.id}&search=lote`)).text).map((cells) => cells[1]);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
  });

  test("another workspace's bot, label or funnel is unknown; the file imports back", async () => {
    const stranger = await registeredBot(bed);
    for (const query of [`?botId=${owner.bot.id}`, `?label=${labelId}`, `?funnelId=${funnelId}`]) {
      expect((await exportCsv(query, stranger.auth.token)).status).toBe(404);
    }
    const file = await exportCsv(`?label=${labelId}`);
    const form = new FormData();
    form.set('file', new Blob([file.bytes]), 'contatos.csv');
    form.set('botId', stranger.bot.id);
    const dry = await bed.server.api('/api/contacts/imports', { method: 'POST', body: form, token: stranger.auth.token });
    expect(contactImportResponseSchema.parse(await dry.json()).data.import).toMatchObject({ totalRows: 1, validRows: 1, errorCount: 0, newLabels: ['VIP'] });
  });
});
