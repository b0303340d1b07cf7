/**
 * An in-test model of the sync server's rules (docs/offline-sync.md#rule-4, #rule-5), written apart from the client's
 * apply functions so the two can disagree: per-client last mutation id advanced in the same step as the effect,
 * duplicates answered alreadyApplied (failed again, with its reason, for a refused one), a gap answered gap, a refused intent recorded as failed and the id advanced
 * anyway; rows carry a version from one sequence and pulls page through them by cursor, tombstones included.
 * It logs every effect so a test can check each mutation took effect exactly once, in order.
 *
 * The inbox (model-inbox-rules.ts): a reply is claimed in the push and delivered after its commit, each delivery
 * logged as one call to Telegram; the change log drops the entries of messages pushed out of their contact's newest
 * MESSAGES_LIMIT, as migration 0500's insert trigger does; Telegram users write in through `incoming`.
 */
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { mutationArgsSchemas, isMutationName } from '@shared/sync/mutations.ts';
import { MESSAGES_LIMIT } from '@shared/messages/schemas.ts';
import type { MutationEnvelope, MutationResult, PullResult, PushResult, SyncTable, WelcomeRow } from '@shared/sync/protocol.ts';
import { createFieldGuard } from './model-field-guard.ts';
import { modelApply, ModelRefusal, type ModelState, type ModelTable } from './model-rules.ts';
import { BLOCKED_TEXT, emptyInbox, journalIncoming, newestFirst, type TelegramUser } from './model-inbox-rules.ts';

type Versioned = { version: number; table: SyncTable; id: string; row: unknown | null };

export type EffectLog = { clientId: string; mutationId: number; status: 'applied' | 'failed'; name: string; args: unknown };

export const emptyModelState = (): ModelState => ({
  bots: new Map(), channels: new Map(), welcomeMessages: new Map(), flows: new Map(), flowNodes: new Map(), flowConnections: new Map(),
  contacts: new Map(), messages: new Map(), conversations: new Map(), inbox: emptyInbox(),
});

/** `now`: the server's clock (ms); each transaction's now() is later than the previous one's, as in PostgreSQL. */
export function createModelServer({ pageSize = 50, now = () => Date.UTC(2026, 0, 1) }: { pageSize?: number; now?: () => number } = {}) {
  const state = emptyModelState();
  /** Every call to Telegram's sendMessage for a reply, by the reply's id, in order. */
  const telegram: string[] = [];
  /** Contacts (ids) who blocked the bot: Telegram refuses replies to them with a 403. */
  const blocked = new Set<string>();
  let lastNow = 0;
  const transactionNow = () => {
    lastNow = Math.max(now(), lastNow + 1);
    return new Date(lastNow).toISOString();
  };
  const lastIds = new Map<string, number>();
  const failures = new Map<string, MutationResult>();
  const changes = new Map<string, Versioned>();
  const effects: EffectLog[] = [];
  const guard = createFieldGuard();
  let version = 0;

  function record(table: SyncTable, id: string, row: unknown | null) {
    version += 1;
    changes.set(`${table}:${id}`, { version, table, id, row });
  }

  /** Applies every write of one step, or none of them (a transaction). */
  function commit(run: (write: (table: ModelTable, id: string, row: unknown | null) => void) => void) {
    const writes: [ModelTable, string, unknown | null][] = [];
    run((table, id, row) => writes.push([table, id, row]));
    const highestBefore = version;
    const inserted = new Map<string, number>();
    for (const [table, id, row] of writes) {
      const map = state[table] as Map<string, unknown>;
      if (table === 'messages' && row !== null && !map.has(id)) {
        const { contactId } = row as { contactId: string };
        inserted.set(contactId, (inserted.get(contactId) ?? 0) + 1);
      }
      if (row === null) map.delete(id);
      else map.set(id, structuredClone(row));
      record(table, id, row);
    }
    // messages_after_insert: per contact, the k messages just pushed out of its newest N leave the change log,
    // unless one is the user's highest version (entries of this transaction are written at commit, after it).
    for (const [contactId, k] of inserted) {
      for (const stale of newestFirst(state, contactId).slice(MESSAGES_LIMIT, MESSAGES_LIMIT + k)) {
        const entry = changes.get(`messages:${stale.id}`);
        if (entry && entry.row !== null && entry.version < highestBefore) changes.delete(`messages:${stale.id}`);
      }
    }
  }

  /** After the push's commit: each claimed reply is sent once; the outcome is written in a transaction of its own. */
  function deliverClaims() {
    const claims = state.inbox.claims.splice(0);
    for (const uid of claims) {
      const message = state.messages.get(uid);
      telegram.push(uid);
      // recordDelivery: `where uid and status = 'sending'`; a reply whose contact went meanwhile updates nothing.
      if (!message || message.status !== 'SENDING') continue;
      const refused = blocked.has(message.contactId);
      commit((write) => write('messages', uid, { ...message, status: refused ? 'FAILED' : 'SENT', error: refused ? BLOCKED_TEXT : null }));
    }
  }

  /** One push is one chunk, one transaction: every reply it claims has the same created_at (its now()). */
  function pushOne(envelope: MutationEnvelope, serverNow: string): MutationResult {
    const last = lastIds.get(envelope.clientId) ?? 0;
    const { mutationId } = envelope;
    // As the real server: a resend of a refused mutation answers failed again, with the same reason.
    if (mutationId <= last) return failures.get(`${envelope.clientId}:${mutationId}`) ?? { mutationId, status: 'alreadyApplied' };
    if (mutationId > last + 1) return { mutationId, status: 'gap' };
    lastIds.set(envelope.clientId, mutationId);
    try {
      if (!isMutationName(envelope.name)) throw new ModelRefusal('UNKNOWN_MUTATION', 'Alteração desconhecida');
      const args = mutationArgsSchemas[envelope.name].safeParse(envelope.args);
      if (!args.success) throw new ModelRefusal('VALIDATION_ERROR', args.error.issues[0]?.message ?? 'Dados inválidos');
      const name = envelope.name;
      const conflicts = guard.guarded(
        envelope,
        args.data,
        (table, id) => (state[table as ModelTable] as Map<string, unknown>).get(id),
        (table, id) => changes.get(`${table}:${id}`)?.version ?? 0,
        (kept) => commit((write) => modelApply(state, write, name, kept, envelope.createdAt, serverNow)),
      );
      effects.push({ clientId: envelope.clientId, mutationId, status: 'applied', name: envelope.name, args: envelope.args });
      if (conflicts.length === 0) return { mutationId, status: 'applied' };
      const result: MutationResult = { mutationId, status: 'conflict', code: 'SYNC_CONFLICT', message: 'Conflito', conflicts };
      failures.set(`${envelope.clientId}:${mutationId}`, result);
      return result;
    } catch (error) {
      if (!(error instanceof ModelRefusal)) throw error;
      const result: MutationResult = { mutationId, status: 'failed', code: error.code, message: error.message };
      failures.set(`${envelope.clientId}:${mutationId}`, result);
      effects.push({ clientId: envelope.clientId, mutationId, status: 'failed', name: envelope.name, args: envelope.args });
      return result;
    }
  }

  return {
    state,
    effects,
    /** Property of docs/offline-sync.md#rule-6: acknowledged changes overwritten on an older base without a conflict. */
    violations: guard.violations,
    /** Every mutation answered `conflict`: its device must show it. */
    conflicts: guard.conflicts,
    failures,
    telegram,
    blocked,
    push(mutations: MutationEnvelope[]): PushResult {
      const results: MutationResult[] = [];
      const serverNow = transactionNow();
      for (const envelope of mutations) {
        const result = pushOne(envelope, serverNow);
        results.push(result);
        if (result.status === 'gap') break;
      }
      deliverClaims();
      return { lastMutationId: lastIds.get(mutations[0]?.clientId ?? '') ?? 0, results };
    },
    pull(cursor: number): PullResult {
      const newer = [...changes.values()].filter((change) => change.version > cursor).sort((a, b) => a.version - b.version);
      const page = newer.slice(0, pageSize);
      const result: PullResult = {
        cursor: page.at(-1)?.version ?? Math.max(cursor, 0),
        hasMore: newer.length > page.length,
        changes: { bots: [], channels: [], welcomeMessages: [], flows: [], flowNodes: [], flowConnections: [], contacts: [], messages: [], conversations: [], notes: [], quickReplies: [], labels: [] },
        deleted: [],
        reset: false,
      };
      for (const change of page) {
        if (change.row === null) result.deleted.push({ table: change.table, id: change.id });
        else (result.changes[change.table] as unknown[]).push(structuredClone(change.row));
      }
      return result;
    },
    /** A change that did not come from a client: Telegram reporting a chat, a bot switched off by the runtime. */
    serverWrite(table: ModelTable, row: Bot | Channel | FlowSummary | WelcomeRow | FlowNode | FlowConnection) {
      commit((write) => write(table, 'channelId' in row && table === 'welcomeMessages' ? row.channelId : (row as { id: string }).id, row));
    },
    /** A Telegram user writes to a bot: the journal upserts the contact and stores the message (model-inbox-rules.ts). */
    incoming(botId: string, user: TelegramUser, text: string, ids: { contact: string; message: string }) {
      const at = transactionNow();
      commit((write) => journalIncoming(state, write, botId, user, text, at, ids));
    },
  };
}

export type ModelServer = ReturnType<typeof createModelServer>;

/** A copy of the model's rows (no versions, no client ids): what the server holds right now. */
export const copyState = (state: ModelState): ModelState => structuredClone(state);

/**
 * Runs one mutation of the server's rules on `state` (a copy), all writes or none: the refusal when refused. Used to
 * predict what the server will do with an intent before a client queues it.
 */
export function applyOn(state: ModelState, name: string, args: unknown, at: string): ModelRefusal | undefined {
  if (!isMutationName(name)) return new ModelRefusal('UNKNOWN_MUTATION', 'Alteração desconhecida');
  const parsed = mutationArgsSchemas[name].safeParse(args);
  if (!parsed.success) return new ModelRefusal('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Dados inválidos');
  const writes: [ModelTable, string, unknown | null][] = [];
  try {
    modelApply(state, (table, id, row) => writes.push([table, id, row]), name, parsed.data, at);
  } catch (error) {
    if (error instanceof ModelRefusal) return error;
    throw error;
  }
  for (const [table, id, row] of writes) {
    const map = state[table] as Map<string, unknown>;
    if (row === null) map.delete(id);
    else map.set(id, structuredClone(row));
  }
  return undefined;
}
