/**
 * The contact journal's receipts (docs/decisions.md#scale-out "No update lost"): what an update touches and records
 * is written with its receipt (its row in webhook_updates: a polled row goes, a webhook row keeps its key), in one
 * transaction, never before it is done nor before its row is stored; a failed write goes back to the buffer whole
 * and is written once when the database answers. Both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { User } from 'grammy/types';
import { migrate } from '../../db/migrate.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { createContactJournal } from './contact-journal.ts';

let db: TestDatabase;
let botId = '';
const reader = crypto.randomUUID();
const logger = createLogger('error', () => undefined);

beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sql);
  const [user] = await db.sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Dona', ${`${crypto.randomUUID()}@exemplo.com`}, 'x') returning id`;
  const [bot] = await db.sql<{ id: string }[]>`
    insert into bots (user_id, telegram_id, name, username, token_encrypted, token_hash)
    values (${user?.id ?? ''}, 777, 'Bot', 'recibo_bot', 'x', ${crypto.randomUUID()}) returning id`;
  botId = bot?.id ?? '';
}, 60_000);
afterAll(() => db.close());

const journal = () => createContactJournal(db.sql, logger, { flushDelayMs: 5 });
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
/** An update's row as the poller (polled) or the webhook route writes it, taken by `reader`. */
const queue = (updateId: number, polled = true) =>
  db.sql`insert into webhook_updates (bot_id, update_id, payload, handled_by, polled) values (${botId}, ${updateId}, '{}', ${reader}, ${polled})`;
/** 'waiting' (no receipt), 'receipted' (a webhook row's handled_at), or 'gone' (a polled row's receipt deletes it). */
const row = async (updateId: number) => {
  const [found] = await db.sql<{ handled: boolean }[]>`select handled_at is not null as handled from webhook_updates where bot_id = ${botId} and update_id = ${updateId}`;
  return found === undefined ? 'gone' : found.handled ? 'receipted' : 'waiting';
};
const receipt = (updateId: number) => ({ reader, botId, updateId });

describe('contact journal receipts', () => {
  test('an update\'s contact and message wait for it to end, then are written in the receipt\'s transaction', async () => {
    const subject = journal();
    await queue(10);
    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const handled = subject.handling(receipt(10), async () => {
      subject.touch(botId, person(501), new Date(), true);
      subject.record(message(501, 'olá'));
      await gate;
    });
    // Well past the flush delay, and a flush asked from outside meanwhile: nothing of the update before it ends.
    await Bun.sleep(30);
    await subject.settle();
    expect(await stored(501)).toEqual({ contacts: 0, messages: 0, count: null });
    expect(await row(10)).toBe('waiting');
    finish();
    await handled;
    await subject.settle();
    expect(await stored(501)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect(await row(10)).toBe('gone');
    // A webhook row keeps its key (Telegram's re-sends are duplicates), with its receipt.
    await queue(11, false);
    await subject.handling(receipt(11), async () => subject.touch(botId, person(501), new Date(), true));
    await subject.settle();
    expect(await row(11)).toBe('receipted');
    expect((await stored(501))?.count).toBe(2);
  });

  test('a flush asked by the update itself (a funnel join needs its contact now) writes what it holds so far', async () => {
    const subject = journal();
    await queue(12);
    await subject.handling(receipt(12), async () => {
      subject.touch(botId, person(504), new Date());
      await subject.flush();
      expect((await stored(504))?.contacts).toBe(1);
      expect(await row(12)).toBe('waiting');
    });
    await subject.settle();
    expect(await row(12)).toBe('gone');
  });

  test('the receipt is written when the handling throws: a failing update is not redone', async () => {
    const subject = journal();
    await queue(13);
    const failing = subject.handling(receipt(13), () => Promise.reject(new Error('falhou')));
    expect(failing).rejects.toThrow('falhou');
    await failing.catch(() => undefined);
    await subject.settle();
    expect(await row(13)).toBe('gone');
  });

  test('a polled update\'s receipt waits for its row; a row never stored drops what the update held (it will be redone)', async () => {
    const subject = journal();
    let stash = () => {};
    const written = new Promise<void>((resolve) => (stash = resolve));
    const handled = subject.handling(receipt(14), async () => {
      subject.touch(botId, person(505), new Date(), true);
      subject.record(message(505, 'escrita'));
    }, written.then(() => queue(14)));
    await Bun.sleep(30);
    await subject.settle();
    expect(await stored(505)).toEqual({ contacts: 0, messages: 0, count: null });
    stash();
    await handled;
    await subject.settle();
    expect(await stored(505)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect(await row(14)).toBe('gone');
    // The batch's write failed (the poller stopped while the database was away): Telegram keeps it, nothing here.
    await subject.handling(receipt(15), async () => {
      subject.touch(botId, person(506), new Date(), true);
      subject.record(message(506, 'nunca'));
    }, Promise.reject(new Error('banco fora')));
    await subject.settle();
    expect(await stored(506)).toEqual({ contacts: 0, messages: 0, count: null });
  });

  test('a failed write goes back whole and is written once when the database answers', async () => {
    const subject = journal();
    await queue(16);
    await db.sql`create function receipts_refused() returns trigger language plpgsql as $$ begin raise exception 'recusado'; end $$`;
    await db.sql`create trigger receipts_refused before delete on webhook_updates for each row execute function receipts_refused()`;
    try {
      await subject.handling(receipt(16), async () => {
        subject.touch(botId, person(503), new Date(), true);
        subject.record(message(503, 'primeira'));
      });
      expect(subject.settle()).rejects.toThrow();
      await subject.settle().catch(() => undefined);
      expect(await stored(503)).toEqual({ contacts: 0, messages: 0, count: null });
      expect(await row(16)).toBe('waiting');
    } finally {
      await db.sql`drop trigger receipts_refused on webhook_updates`;
      await db.sql`drop function receipts_refused()`;
    }
    await subject.settle();
    expect(await stored(503)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect(await row(16)).toBe('gone');
  });
});
