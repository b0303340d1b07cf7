/**
 * The model test's contacts and inbox: what an operator does offline (edit or delete a contact, reply,
 * open a conversation), what Telegram users do on the server between syncs (write, rename themselves, block the
 * bot), and the invariants checked once everyone converged: the cache holds the server's contacts, conversations
 * (unread counts included) and each contact's newest MESSAGES_LIMIT messages; every reply reached Telegram exactly
 * once, and a refused one never did.
 */
import { expect } from 'bun:test';
import { MESSAGES_LIMIT, type Message } from '@shared/messages/schemas.ts';
import { mutationArgsSchemas } from '@shared/sync/mutations.ts';
import type { CanalizeDb } from '../db.ts';
import { enqueue, enqueueAll, type Queued } from '../outbox.ts';
import { uuid } from './fixtures.ts';
import { newestFirst, type TelegramUser } from './model-inbox-rules.ts';
import type { ModelState } from './model-rules.ts';
import { applyOn, copyState, type ModelServer } from './model-server.ts';
import type { Random } from './random.ts';

/** The Telegram side: who writes to which bot. */
export type InboxWorld = { users: { botId: string; user: TelegramUser }[] };

let telegramIds = 500;
const telegramUser = (n: number): TelegramUser => ({ telegramId: n, firstName: `Usuário ${n}`, lastName: n % 2 ? 'Silva' : null, username: n % 3 ? `user${n}` : null });

/**
 * Three Telegram users on the first bots. In about a third of the runs the first one is close to MESSAGES_LIMIT, so
 * replies and new messages push old ones out of the synced window (only then: pulling 100 messages page by page
 * into every profile is what makes a run slow).
 */
export function seedInbox(server: ModelServer, random: Random, ids: { next: number }): InboxWorld {
  const world: InboxWorld = { users: [] };
  const botIds = [...server.state.bots.keys()];
  const backlog = random.chance(0.35) ? MESSAGES_LIMIT - 2 : 4;
  for (const [index, count] of [backlog, 3, 1].entries()) {
    const botId = botIds[index % botIds.length]!;
    const user = telegramUser(telegramIds++);
    world.users.push({ botId, user });
    for (let n = 0; n < count; n++) server.incoming(botId, user, `Oi ${n}`, { contact: uuid(ids.next++), message: uuid(ids.next++) });
  }
  return world;
}

/** A Telegram user writes (a new one now and then, or one who renamed themselves), or blocks/unblocks the bot. */
export function inboxServerEvent(server: ModelServer, world: InboxWorld, random: Random, ids: { next: number }) {
  const roll = random.next();
  const living = world.users.filter(({ botId }) => server.state.bots.has(botId));
  if (roll < 0.15 || living.length === 0) {
    const botId = random.pick([...server.state.bots.keys()]);
    if (!botId) return;
    world.users.push({ botId, user: telegramUser(telegramIds++) });
    return inboxServerEvent(server, world, random, ids);
  }
  const writer = random.pick(living)!;
  if (roll < 0.25) writer.user = { ...writer.user, firstName: `Renomeado ${random.int(100)}` };
  if (roll < 0.9) {
    server.incoming(writer.botId, writer.user, `Mensagem ${random.int(1000)}`, { contact: uuid(ids.next++), message: uuid(ids.next++) });
    return;
  }
  const contact = [...server.state.contacts.values()].find((row) => row.botId === writer.botId && row.telegramId === String(writer.user.telegramId));
  if (!contact) return;
  if (server.blocked.has(contact.id)) server.blocked.delete(contact.id);
  else server.blocked.add(contact.id);
}

const VALID_PHONES = ['+55 11 91234-5678', '21 98765-4321', '', '+351 912 345 678'];
const INVALID_CHANGES = [{ phoneNumber: 'abc' }, { firstName: '   ' }, { firstName: 'x'.repeat(65) }, { phoneNumber: '+55 11 91234-5678 ramal 2' }];

/** One operator action on a contact or its conversation, checked to be visible at once in this tab. */
export async function editInbox(db: CanalizeDb, random: Random, ids: { next: number }, now: Date) {
  const contact = random.pick(await db.contacts.toArray());
  if (!contact) return;
  const roll = random.next();
  if (roll < 0.3) {
    const known = random.chance(0.15) ? random.pick(await db.messages.where('contactId').equals(contact.id).filter((row) => row.direction === 'OUTGOING').toArray()) : undefined;
    // A double click, or the same reply queued again: the same id, which is its idempotency key.
    const message = known
      ? { id: known.id, botId: known.botId, contactId: known.contactId, text: known.content }
      : { id: uuid(ids.next++), botId: contact.botId, contactId: contact.id, text: random.chance(0.2) ? `  Resposta ${random.int(100)}  ` : `Resposta ${random.int(100)}` };
    const before = await db.messages.get(message.id);
    await enqueue(db, 'message.send', { message }, now);
    const shown = await db.messages.get(message.id);
    if (before) expect(shown).toEqual(before);
    else {
      expect(shown).toMatchObject({ status: 'SENDING', direction: 'OUTGOING', content: message.text.trim(), contactId: contact.id });
      expect((await db.conversations.get(contact.id))?.lastMessageId).toBe(message.id);
    }
  } else if (roll < 0.45) {
    await enqueue(db, 'conversation.markRead', { contactId: contact.id }, now);
    const conversation = await db.conversations.get(contact.id);
    if (conversation) expect(conversation.unreadCount).toBe(0);
  } else if (roll < 0.75) {
    const changes: Record<string, string> = {};
    if (random.chance(0.6)) changes.firstName = random.chance(0.2) ? `  Nome ${random.int(50)} ` : `Nome ${random.int(50)}`;
    if (random.chance(0.4)) changes.lastName = random.chance(0.3) ? '' : `Sobrenome ${random.int(50)}`;
    if (random.chance(0.4) || Object.keys(changes).length === 0) changes.phoneNumber = random.pick(VALID_PHONES)!;
    await enqueue(db, 'contact.update', { contactId: contact.id, changes }, now);
    const parsed = mutationArgsSchemas['contact.update'].parse({ contactId: contact.id, changes }).changes;
    const shown = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
    expect(await db.contacts.get(contact.id)).toEqual({ ...contact, ...shown });
  } else if (roll < 0.88) {
    await invalidEdit(db, random, contact.id, now);
  } else {
    await enqueue(db, 'contact.delete', { contactId: contact.id }, now);
    // The server's delete takes the contact's messages and conversation; the optimistic one must too.
    expect(await db.contacts.get(contact.id)).toBeUndefined();
    expect(await db.messages.where('contactId').equals(contact.id).count()).toBe(0);
    expect(await db.conversations.get(contact.id)).toBeUndefined();
  }
}

/**
 * An edit the server refuses for its content. The form's own check throws before anything is queued or shown; an
 * envelope queued by an older app version (checks since tightened) is queued as it was, shown, and must be taken
 * back when the server refuses it.
 */
async function invalidEdit(db: CanalizeDb, random: Random, contactId: string, now: Date) {
  const changes = random.pick(INVALID_CHANGES)!;
  const before = { contact: await db.contacts.get(contactId), queued: await db.outbox.count() };
  await expect(enqueue(db, 'contact.update', { contactId, changes }, now)).rejects.toThrow();
  expect(await db.contacts.get(contactId)).toEqual(before.contact);
  expect(await db.outbox.count()).toBe(before.queued);
  if (random.chance(0.5)) return;
  const envelope = await enqueue(db, 'contact.update', { contactId, changes: { firstName: 'Válido por ora' } }, now);
  await db.outbox.update(envelope.mutationId, { args: { contactId, changes } });
}

const byId = <T>(rows: Iterable<T>, key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

/** What a converged cache holds of the inbox: every contact and conversation, each contact's newest messages. */
export function expectedInbox(state: ModelState) {
  const messages: Message[] = [];
  for (const contact of state.contacts.values()) messages.push(...newestFirst(state, contact.id).slice(0, MESSAGES_LIMIT));
  return {
    contacts: byId(state.contacts.values(), (row) => row.id),
    conversations: byId(state.conversations.values(), (row) => row.contactId),
    messages: byId(messages, (row) => row.id),
  };
}

export async function localInbox(db: CanalizeDb) {
  return {
    contacts: byId(await db.contacts.toArray(), (row) => row.id),
    conversations: byId(await db.conversations.toArray(), (row) => row.contactId),
    messages: byId(await db.messages.toArray(), (row) => row.id),
  };
}

/** The server's own inbox invariants, and every reply sent to Telegram exactly once (a refused one never). */
export async function checkInboxRules(server: ModelServer, dbs: CanalizeDb[]) {
  const { state } = server;
  for (const contact of state.contacts.values()) {
    const messages = newestFirst(state, contact.id);
    const conversation = state.conversations.get(contact.id);
    if (messages.length === 0) {
      expect(conversation).toBeUndefined();
      continue;
    }
    expect(conversation?.lastMessageId).toBe(messages[0]!.id);
    const unread = state.inbox.unread.filter((uid) => state.messages.get(uid)?.contactId === contact.id).length;
    expect(conversation?.unreadCount).toBe(unread);
  }
  for (const message of state.messages.values()) expect(state.contacts.has(message.contactId)).toBe(true);
  // No reply is ever sent twice; each one the server took was sent; one refused every time never was.
  expect(new Set(server.telegram).size).toBe(server.telegram.length);
  const replies = server.effects.filter((effect) => effect.name === 'message.send');
  const uidOf = (args: unknown) => (args as { message: { id: string } }).message.id;
  const taken = new Set(replies.filter((effect) => effect.status === 'applied').map((effect) => uidOf(effect.args)));
  for (const uid of taken) expect(server.telegram.filter((sent) => sent === uid)).toHaveLength(1);
  for (const sent of server.telegram) expect(taken.has(sent)).toBe(true);
  // A reply to a contact deleted meanwhile: refused as not found, kept in the profile's "not applied" list.
  for (const db of dbs) {
    for (const rejected of await db.rejected.toArray()) {
      if (rejected.name !== 'message.send') continue;
      const { message } = rejected.args as { message: { id: string; contactId: string } };
      expect(rejected.code).toBe('NOT_FOUND');
      if (!taken.has(message.id)) expect(state.messages.has(message.id)).toBe(false);
    }
  }
}

/**
 * From a converged cache: inbox actions the server would accept are queued offline one by one, and the tab must
 * show exactly the model server's contacts, conversations (unread counts, last message) and messages after the same
 * intents, predicted with the envelope's time as the server's now().
 */
export async function checkInboxMatchesServerRules(db: CanalizeDb, server: ModelServer, random: Random, ids: { next: number }, clock: { now: number }) {
  let predicted = copyState(server.state);
  const visible = new Set((await db.messages.toArray()).map((row) => row.id));
  for (let edit = 0; edit < 8; edit++) {
    const contact = random.pick(await db.contacts.toArray());
    if (!contact) return;
    const roll = random.next();
    const queued: Queued =
      roll < 0.4 ? { name: 'message.send', args: { message: { id: uuid(ids.next++), botId: contact.botId, contactId: contact.id, text: `Previsto ${edit}` } } }
      : roll < 0.65 ? { name: 'conversation.markRead', args: { contactId: contact.id } }
      : roll < 0.9 ? { name: 'contact.update', args: { contactId: contact.id, changes: { firstName: `Previsto ${edit}`, lastName: random.chance(0.5) ? '' : 'Souza' } } }
      : { name: 'contact.delete', args: { contactId: contact.id } };
    clock.now += 1000;
    const at = new Date(clock.now);
    const trial = copyState(predicted);
    if (applyOn(trial, queued.name, queued.args, at.toISOString()) !== undefined) continue;
    await enqueueAll(db, [queued], at);
    predicted = trial;
    if (queued.name === 'message.send') visible.add(queued.args.message.id!);
    const expected = expectedInbox(predicted);
    const local = await localInbox(db);
    expect(local.contacts).toEqual(expected.contacts);
    expect(local.conversations).toEqual(expected.conversations);
    expect(local.messages).toEqual(byId([...predicted.messages.values()].filter((row) => visible.has(row.id)), (row) => row.id));
  }
}
