/**
 * The contact journal's receipts (docs/decisions.md#scale-out "No update lost"): what an update touches and records
 * is written with its receipt (a polled update leaves its batch's pending ids, the batch goes with its last one; a
 * webhook update's row gets handled_at), in one transaction, never before it is done nor before its batch is stored;
 * a failed write goes back to the buffer whole and is written once when the database answers. Both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { User } from 'grammy/types';
import { migrate } from '../../../db/migrate.ts';
import { createLogger } from '../../../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts';
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
  botId, telegramUserId, chatId: telegramUserId, direction: 'in' as const, telegramMessageId: telegramUserId, text, type: 'TEXT' as const, source: 'contact' as const, buttons: null, payload: null, at: new Date(),
});
const stored = async (telegramId: number) => {
  const [row] = await db.sql<{ contacts: number; messages: number; count: number | null }[]>`
    select (select count(*)::int from contacts where bot_id = ${botId} and telegram_id = ${telegramId}) as contacts,
           (select count(*)::int from messages m join contacts c on c.id = m.contact_id where c.bot_id = ${botId} and c.telegram_id = ${telegramId}) as messages,
           (select message_count from contacts where bot_id = ${botId} and telegram_id = ${telegramId}) as count`;
  return row;
};
/** A batch as the poller writes it (its updates' payloads do not matter here), this reader's. */
const batch = (...ids: number[]) =>
  db.sql`insert into polled_batches (bot_id, first_update_id, reader, updates, pending) values (${botId}, ${ids[0] ?? 0}, ${reader}, '[]', ${ids})`;
/** The batch's update ids still without a receipt, or 'gone' once the last one had its receipt. */
const pending = async (firstId: number) => {
  const [found] = await db.sql<{ pending: bigint[] }[]>`select pending from polled_batches where bot_id = ${botId} and first_update_id = ${firstId}`;
  return found === undefined ? 'gone' : found.pending.map(Number);
};
const receipt = (updateId: number) => ({ kind: 'polled' as const, reader, botId, updateId });

describe('contact journal receipts', () => {
  test('an update\'s contact and message wait for it to end, then are written in the receipt\'s transaction', async () => {
    const subject = journal();
    await batch(10, 11);
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
    expect(await pending(10)).toEqual([10, 11]);
    finish();
    await handled;
    await subject.settle();
    expect(await stored(501)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect(await pending(10)).toEqual([11]);
    // The batch's last receipt takes the batch away.
    await subject.handling(receipt(11), async () => subject.touch(botId, person(501), new Date(), true));
    await subject.settle();
    expect(await pending(10)).toBe('gone');
    expect((await stored(501))?.count).toBe(2);
    // Another reader's receipts (an ownership that lost the bot) do not count for this reader's batch.
    await batch(20);
    await subject.handling({ ...receipt(20), reader: crypto.randomUUID() }, async () => undefined);
    await subject.settle();
    expect(await pending(20)).toEqual([20]);
    await subject.handling(receipt(20), async () => undefined);
    await subject.settle();
    expect(await pending(20)).toBe('gone');
  });

  test('a webhook update\'s row keeps its key (Telegram\'s re-sends are duplicates) and gets handled_at', async () => {
    const subject = journal();
    await db.sql`insert into webhook_updates (bot_id, update_id, payload, handled_by) values (${botId}, 30, '{}', ${reader})`;
    await subject.handling({ kind: 'queued', reader, botId, updateId: 30 }, async () => subject.touch(botId, person(507), new Date(), true));
    await subject.settle();
    const [row] = await db.sql<{ handled: boolean; payload: unknown }[]>`
      select handled_at is not null as handled, payload from webhook_updates where bot_id = ${botId} and update_id = 30`;
    expect(row).toEqual({ handled: true, payload: null });
    expect((await stored(507))?.contacts).toBe(1);
  });

  test('a flush asked by the update itself (a funnel join needs its contact now) writes what it holds so far', async () => {
    const subject = journal();
    await batch(12);
    await subject.handling(receipt(12), async () => {
      subject.touch(botId, person(504), new Date());
      await subject.flush();
      expect((await stored(504))?.contacts).toBe(1);
      expect(await pending(12)).toEqual([12]);
    });
    await subject.settle();
    expect(await pending(12)).toBe('gone');
  });

  test('the receipt is written when the handling throws: a failing update is not redone', async () => {
    const subject = journal();
    await batch(13);
    const failing = subject.handling(receipt(13), () => Promise.reject(new Error('falhou')));
    expect(failing).rejects.toThrow('falhou');
    await failing.catch(() => undefined);
    await subject.settle();
    expect(await pending(13)).toBe('gone');
  });

  test('a polled update\'s receipt waits for its row; a row never stored drops what the update held (it will be redone)', async () => {
    const subject = journal();
    let stash = () => {};
    const written = new Promise<void>((resolve) => (stash = resolve));
    const handled = subject.handling(receipt(14), async () => {
      subject.touch(botId, person(505), new Date(), true);
      subject.record(message(505, 'escrita'));
    }, written.then(() => batch(14)));
    await Bun.sleep(30);
    await subject.settle();
    expect(await stored(505)).toEqual({ contacts: 0, messages: 0, count: null });
    stash();
    await handled;
    await subject.settle();
    expect(await stored(505)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect(await pending(14)).toBe('gone');
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
    await batch(16);
    await db.sql`create function receipts_refused() returns trigger language plpgsql as $$ begin raise exception 'recusado'; end $$`;
    await db.sql`create trigger receipts_refused before delete on polled_batches for each row execute function receipts_refused()`;
    try {
      await subject.handling(receipt(16), async () => {
        subject.touch(botId, person(503), new Date(), true);
        subject.record(message(503, 'primeira'));
      });
      expect(subject.settle()).rejects.toThrow();
      await subject.settle().catch(() => undefined);
      expect(await stored(503)).toEqual({ contacts: 0, messages: 0, count: null });
      expect(await pending(16)).toEqual([16]);
    } finally {
      await db.sql`drop trigger receipts_refused on polled_batches`;
      await db.sql`drop function receipts_refused()`;
    }
    await subject.settle();
    expect(await stored(503)).toEqual({ contacts: 1, messages: 1, count: 1 });
    expect(await pending(16)).toBe('gone');
  });
});
