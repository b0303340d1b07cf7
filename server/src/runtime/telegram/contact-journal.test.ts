/**
 * The contact journal's receipts (docs/decisions.md#scale-out "No update lost"): what an update touches and records
 * is written with its receipt, in one transaction, never before it is done; a receipt the lease fences off is
 * reported; a failed write goes back to the buffer whole and is written once when the database answers. Both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { User } from 'grammy/types';
import { migrate } from '../../db/migrate.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { createContactJournal } from './contact-journal.ts';

let db: TestDatabase;
let botId = '';
const owner = crypto.randomUUID();
const lost: string[][] = [];
const logger = createLogger('error', () => undefined);

beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sql);
  const [user] = await db.sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Dona', ${`${crypto.randomUUID()}@exemplo.com`}, 'x') returning id`;
  const [bot] = await db.sql<{ id: string }[]>`
    insert into bots (user_id, telegram_id, name, username, token_encrypted, token_hash)
    values (${user?.id ?? ''}, 777, 'Bot', 'recibo_bot', 'x', ${crypto.randomUUID()}) returning id`;
  botId = bot?.id ?? '';
  await db.sql`insert into bot_polling (bot_id, owner, lease_expires_at, next_offset) values (${botId}, ${owner}, now() + interval '1 hour', 10)`;
}, 60_000);
afterAll(() => db.close());

const journal = () => createContactJournal(db.sql, logger, { flushDelayMs: 5, onLeaseLost: (botIds) => lost.push(botIds) });
const person = (id: number): User => ({ id, is_bot: false, first_name: `Pessoa ${id}` });
const message = (telegramUserId: number, text: string) => ({
  botId, telegramUserId, chatId: telegramUserId, direction: 'in' as const, telegramMessageId: telegramUserId, text, type: 'TEXT' as const, payload: null, at: new Date(),
});
const stored = async (telegramId: number) => {
  const [row] = await db.sql<{ contacts: number; messages: number; count: number | null }[]>`
    select (select count(*)::int from contacts where bot_id = ${botId} and telegram_id = ${telegramId}) as contacts,
           (select count(*)::int from messages m join contacts c on c.id = m.contact_id where c.bot_id = ${botId} and c.telegram_id = ${telegramId}) as messages,
           (select message_count from contacts where bot_id = ${botId} and telegram_id = ${telegramId}) as count`;
  return row;
};
const polling = async () => {
  const [row] = await db.sql<{ nextOffset: bigint; doneIds: bigint[] }[]>`select next_offset as "nextOffset", done_ids as "doneIds" from bot_polling where bot_id = ${botId}`;
  return { nextOffset: Number(row?.nextOffset), doneIds: row?.doneIds.map(Number) ?? [] };
};

describe('contact journal receipts', () => {
  test('an update\'s contact and message wait for it to end, then are written in the receipt\'s transaction', async () => {
    const subject = journal();
    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const handled = subject.handling({ kind: 'polled', owner, botId, updateId: 10, confirmed: 10 }, async () => {
      subject.touch(botId, person(501), new Date(), true);
      subject.record(message(501, 'olá'));
      await gate;
    });
    // Well past the flush delay, and a flush asked from outside meanwhile: nothing of the update before it ends.
    await Bun.sleep(30);
    await subject.settle();
    expect(await stored(501)).toEqual({ contacts: 0, messages: 0, count: null });
    expect((await polling()).doneIds).toEqual([]);
    finish();
    await handled;
    await subject.settle();
    expect(await stored(501)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect(await polling()).toEqual({ nextOffset: 10, doneIds: [10] });
    // The next batch's receipts carry the offset sent for it: the stored ids below it go.
    await subject.handling({ kind: 'polled', owner, botId, updateId: 12, confirmed: 11 }, async () => subject.touch(botId, person(501), new Date(), true));
    await subject.settle();
    expect(await polling()).toEqual({ nextOffset: 11, doneIds: [12] });
    expect((await stored(501))?.count).toBe(2);
  });

  test('a flush asked by the update itself (a funnel join needs its contact now) writes what it holds so far', async () => {
    const subject = journal();
    await subject.handling({ kind: 'polled', owner, botId, updateId: 11, confirmed: 11 }, async () => {
      subject.touch(botId, person(504), new Date());
      await subject.flush();
      expect((await stored(504))?.contacts).toBe(1);
      expect((await polling()).doneIds).toEqual([12]);
    });
    await subject.settle();
    expect((await polling()).doneIds).toEqual([11, 12]);
  });

  test('the receipt is written when the handling throws: a failing update is not redone', async () => {
    const subject = journal();
    const failing = subject.handling({ kind: 'polled', owner, botId, updateId: 13, confirmed: 11 }, () => Promise.reject(new Error('falhou')));
    expect(failing).rejects.toThrow('falhou');
    await failing.catch(() => undefined);
    await subject.settle();
    expect((await polling()).doneIds).toEqual([11, 12, 13]);
  });

  test('a receipt the lease fences off is reported; the update\'s contacts are still written', async () => {
    const subject = journal();
    await subject.handling({ kind: 'polled', owner: crypto.randomUUID(), botId, updateId: 14, confirmed: 11 }, async () => subject.touch(botId, person(502), new Date()));
    await subject.settle();
    expect(lost.at(-1)).toEqual([botId]);
    expect((await polling()).doneIds).toEqual([11, 12, 13]);
    expect((await stored(502))?.contacts).toBe(1);
  });

  test('a failed write goes back whole and is written once when the database answers', async () => {
    const subject = journal();
    await db.sql`create function receipts_refused() returns trigger language plpgsql as $$ begin raise exception 'recusado'; end $$`;
    await db.sql`create trigger receipts_refused before update on bot_polling for each row execute function receipts_refused()`;
    try {
      await subject.handling({ kind: 'polled', owner, botId, updateId: 15, confirmed: 11 }, async () => {
        subject.touch(botId, person(503), new Date(), true);
        subject.record(message(503, 'primeira'));
      });
      expect(subject.settle()).rejects.toThrow();
      await subject.settle().catch(() => undefined);
      expect(await stored(503)).toEqual({ contacts: 0, messages: 0, count: null });
    } finally {
      await db.sql`drop trigger receipts_refused on bot_polling`;
      await db.sql`drop function receipts_refused()`;
    }
    await subject.settle();
    expect(await stored(503)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect((await polling()).doneIds).toEqual([11, 12, 13, 15]);
  });
});
