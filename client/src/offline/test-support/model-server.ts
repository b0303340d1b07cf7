/**
 * An in-test model of the sync server's rules (docs/offline-sync.md#rule-4, #rule-5), written apart from the client's
 * apply functions so the two can disagree: per-client last mutation id advanced in the same step as the effect,
 * duplicates answered alreadyApplied (failed again, with its reason, for a refused one), a gap answered gap, a refused intent recorded as failed and the id advanced
 * anyway; rows carry a version from one sequence and pulls page through them by cursor, tombstones included.
 * It logs every effect so a test can check each mutation took effect exactly once, in order.
 */
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { mutationArgsSchemas, isMutationName } from '@shared/sync/mutations.ts';
import type { MutationEnvelope, MutationResult, PullResult, PushResult, SyncTable, WelcomeRow } from '@shared/sync/protocol.ts';
import { modelApply, ModelRefusal, type ModelState } from './model-rules.ts';

type Versioned = { version: number; table: SyncTable; id: string; row: unknown | null };

export type EffectLog = { clientId: string; mutationId: number; status: 'applied' | 'failed' };

export function createModelServer({ pageSize = 50 }: { pageSize?: number } = {}) {
  const state: ModelState = { bots: new Map(), channels: new Map(), welcomeMessages: new Map(), flows: new Map(), flowNodes: new Map(), flowConnections: new Map() };
  const lastIds = new Map<string, number>();
  const failures = new Map<string, MutationResult>();
  const changes = new Map<string, Versioned>();
  const effects: EffectLog[] = [];
  let version = 0;

  function record(table: SyncTable, id: string, row: unknown | null) {
    version += 1;
    changes.set(`${table}:${id}`, { version, table, id, row });
  }

  /** Applies every write of one step, or none of them (a transaction). */
  function commit(run: (write: (table: keyof ModelState, id: string, row: unknown | null) => void) => void) {
    const writes: [keyof ModelState, string, unknown | null][] = [];
    run((table, id, row) => writes.push([table, id, row]));
    for (const [table, id, row] of writes) {
      const map = state[table] as Map<string, unknown>;
      if (row === null) map.delete(id);
      else map.set(id, structuredClone(row));
      record(table, id, row);
    }
  }

  function pushOne(envelope: MutationEnvelope): MutationResult {
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
      commit((write) => modelApply(state, write, envelope.name, args.data, envelope.createdAt));
      effects.push({ clientId: envelope.clientId, mutationId, status: 'applied' });
      return { mutationId, status: 'applied' };
    } catch (error) {
      if (!(error instanceof ModelRefusal)) throw error;
      const result: MutationResult = { mutationId, status: 'failed', code: error.code, message: error.message };
      failures.set(`${envelope.clientId}:${mutationId}`, result);
      effects.push({ clientId: envelope.clientId, mutationId, status: 'failed' });
      return result;
    }
  }

  return {
    state,
    effects,
    failures,
    push(mutations: MutationEnvelope[]): PushResult {
      const results: MutationResult[] = [];
      for (const envelope of mutations) {
        const result = pushOne(envelope);
        results.push(result);
        if (result.status === 'gap') break;
      }
      return { lastMutationId: lastIds.get(mutations[0]?.clientId ?? '') ?? 0, results };
    },
    pull(cursor: number): PullResult {
      const newer = [...changes.values()].filter((change) => change.version > cursor).sort((a, b) => a.version - b.version);
      const page = newer.slice(0, pageSize);
      const result: PullResult = {
        cursor: page.at(-1)?.version ?? Math.max(cursor, 0),
        hasMore: newer.length > page.length,
        changes: { bots: [], channels: [], welcomeMessages: [], flows: [], flowNodes: [], flowConnections: [], contacts: [], messages: [], conversations: [] },
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
    serverWrite(table: keyof ModelState, row: Bot | Channel | FlowSummary | WelcomeRow | FlowNode | FlowConnection) {
      commit((write) => write(table, 'channelId' in row && table === 'welcomeMessages' ? row.channelId : (row as { id: string }).id, row));
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
  const writes: [keyof ModelState, string, unknown | null][] = [];
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
