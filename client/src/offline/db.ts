/**
 * The local database (docs/offline-sync.md#rule-1): a cache of the server's rows plus the outbox. One database per
 * user (`canalize-<userId>`), so two people signing in on one browser never see each other's cache, and logout can
 * wipe exactly one user's data. Bump the version (with an upgrade function when rows must change) for every schema
 * change: an installed PWA keeps its old database across app versions.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import type { Contact } from '@shared/contacts/schemas.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import type { Label } from '@shared/labels/schemas.ts';
import type { ConversationRow, Message } from '@shared/messages/schemas.ts';
import type { Note } from '@shared/notes/schemas.ts';
import type { QuickReply } from '@shared/quick-replies/schemas.ts';
import type { FieldConflict, MutationEnvelope, SyncTable, WelcomeRow } from '@shared/sync/protocol.ts';

/** The row type of every cached table. */
export type RowOf = {
  bots: Bot;
  channels: Channel;
  welcomeMessages: WelcomeRow;
  flows: FlowSummary;
  flowNodes: FlowNode;
  flowConnections: FlowConnection;
  contacts: Contact;
  messages: Message;
  conversations: ConversationRow;
  notes: Note;
  quickReplies: QuickReply;
  labels: Label;
};
export type AnyRow = RowOf[SyncTable];

/** A welcome message has no id of its own in the contract (one per channel record), nor a conversation (one per contact). */
export const keyOf = <T extends SyncTable>(table: T, row: RowOf[T]): string => {
  if (table === 'welcomeMessages') return (row as WelcomeRow).channelId;
  if (table === 'conversations') return (row as ConversationRow).contactId;
  return (row as { id: string }).id;
};

/** The row a mutation's application replaced (null: there was none), so a rebase can undo it exactly. */
export type UndoRecord = { table: SyncTable; key: string; before: AnyRow | null };

/**
 * `pending`: not yet answered by the server. `acked`: the server applied it (or had already); kept, still applied
 * locally, until a pull that started after the answer brings the server's own version of its effects.
 */
export type OutboxEntry = MutationEnvelope & { status: 'pending' | 'acked'; undo: UndoRecord[] };

export type RejectedEntry = MutationEnvelope & { code: string; message: string; rejectedAt: string };

/**
 * A change the server applied except for fields another device had changed after it was made (docs/offline-sync.md#rule-6):
 * kept until the user keeps the server's values or applies theirs again. `id`: clientId:mutationId (ids restart
 * with a new client id). `table`/`key`: the row it edited, for "Aplicar o meu".
 */
export type ConflictEntry = MutationEnvelope & { id: string; conflicts: FieldConflict[]; receivedAt: string; table?: SyncTable; key?: string };

/** Single values kept beside the tables: the client id, the last id handed out, the pull cursor and when it ran. */
export type MetaValues = { clientId: string; lastMutationId: number; cursor: number; pulledAt: string };
export type MetaRow = { [K in keyof MetaValues]: { key: K; value: MetaValues[K] } }[keyof MetaValues];

export class CanalizeDb extends Dexie {
  bots!: Table<Bot, string>;
  channels!: Table<Channel, string>;
  welcomeMessages!: Table<WelcomeRow, string>;
  flows!: Table<FlowSummary, string>;
  flowNodes!: Table<FlowNode, string>;
  flowConnections!: Table<FlowConnection, string>;
  contacts!: Table<Contact, string>;
  messages!: Table<Message, string>;
  conversations!: Table<ConversationRow, string>;
  notes!: Table<Note, string>;
  quickReplies!: Table<QuickReply, string>;
  labels!: Table<Label, string>;
  outbox!: Table<OutboxEntry, number>;
  rejected!: Table<RejectedEntry, number>;
  conflicts!: Table<ConflictEntry, string>;
  meta!: Table<MetaRow, MetaRow['key']>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      bots: 'id',
      channels: 'id, botId',
      welcomeMessages: 'channelId, botId',
      flows: 'id, botId',
      flowNodes: 'id, flowId',
      flowConnections: 'id, flowId',
      contacts: 'id, botId',
      outbox: 'mutationId, status',
      rejected: 'mutationId',
      meta: 'key',
    });
    // The inbox: recent messages per contact and one conversation row per contact with messages.
    this.version(2).stores({
      messages: 'id, contactId, botId, [contactId+createdAt]',
      conversations: 'contactId, botId, lastMessageAt',
    });
    // Messages say who made them and carry their buttons: cached rows get them as the server's migration 0650 did.
    this.version(3).stores({ messages: 'id, contactId, botId, [contactId+createdAt]' }).upgrade((tx) =>
      tx.table('messages').toCollection().modify((row: Record<string, unknown>) => {
        row.source ??= row.direction === 'INCOMING' ? 'CONTACT' : 'OPERATOR';
        row.buttons ??= [];
      }),
    );
    // Edits the server kept another device's newer value for, until the user resolves them.
    this.version(4).stores({ conflicts: 'id, receivedAt' });
    // A team's inbox: the conversations' internal notes and the workspace's quick replies.
    this.version(5).stores({ notes: 'id, contactId, botId, [contactId+createdAt]', quickReplies: 'id' });
    // The workspace's labels; a contact's labels travel in its row (labelIds), older cached rows read as none.
    this.version(6).stores({ labels: 'id', contacts: 'id, botId, *labelIds' }).upgrade((tx) =>
      tx.table('contacts').toCollection().modify((row: Record<string, unknown>) => {
        row.labelIds ??= [];
      }),
    );
    // Conversations have an assignee and a status (the server's migration 0760): cached rows start unassigned, open.
    this.version(7).stores({ conversations: 'contactId, botId, lastMessageAt' }).upgrade((tx) =>
      tx.table('conversations').toCollection().modify((row: Record<string, unknown>) => {
        row.assigneeId ??= null;
        row.status ??= 'OPEN';
      }),
    );
  }

  /** Typed access to a cached table by its contract name. */
  rows<T extends SyncTable>(table: T): Table<RowOf[T], string> {
    return this.table(table);
  }

  /** Every table: mutations, pulls and rebases run in one transaction over all of them. */
  get everything() {
    return this.tables;
  }
}

/**
 * One database per person and workspace, so switching workspace can never mix their rows or outboxes. The account's
 * own workspace keeps the name it had before workspaces (its id is the user id), so its cache and outbox carry over.
 */
export const databaseName = (userId: string, workspaceId = userId) =>
  workspaceId === userId ? `canalize-${userId}` : `canalize-${userId}-${workspaceId}`;

export function openUserDb(userId: string, options?: DexieOptions, workspaceId = userId): CanalizeDb {
  return new CanalizeDb(databaseName(userId, workspaceId), options);
}

export async function readMeta<K extends keyof MetaValues>(db: CanalizeDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  // The row stored under `key` is always written with that key's value type (MetaRow pairs them).
  return row?.value as MetaValues[K] | undefined;
}

/** The browser profile's id towards the server for this user; created on first use, gone with the database. */
export async function clientIdOf(db: CanalizeDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await readMeta(db, 'clientId');
    if (existing) return existing;
    const clientId = crypto.randomUUID();
    await db.meta.put({ key: 'clientId', value: clientId });
    return clientId;
  });
}
