/**
 * The model server's side of docs/offline-sync.md#rule-6, written from the rule, not from the server's code: which row
 * each plain-field mutation edits, the per-field log of acknowledged changes (version, client), the guard (fields
 * another client changed after the edit's base keep their value; the ones the edit changed are answered as
 * conflicts), and the property the model test holds: no acknowledged change of a field is overwritten by a mutation
 * of another client whose base is older than it, unless that mutation was answered a conflict for it.
 */
import { fieldValues, withFieldValues } from '@shared/sync/fields.ts';
import type { FieldConflict, MutationEnvelope, SyncTable } from '@shared/sync/protocol.ts';

type Target = { table: SyncTable; id: string; inner?: 'changes' | 'welcome' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the model reads args loosely on purpose (model-rules.ts)
const TARGETS: Record<string, (args: any) => Target> = {
  'node.update': (a) => ({ table: 'flowNodes', id: a.nodeId, inner: 'changes' }),
  'flow.update': (a) => ({ table: 'flows', id: a.flowId, inner: 'changes' }),
  'flow.setEnabled': (a) => ({ table: 'flows', id: a.flowId }),
  'welcome.save': (a) => ({ table: 'welcomeMessages', id: a.channelId, inner: 'welcome' }),
  'bot.setActive': (a) => ({ table: 'bots', id: a.botId }),
  'bot.setBroadcastRate': (a) => ({ table: 'bots', id: a.botId }),
  'contact.update': (a) => ({ table: 'contacts', id: a.contactId, inner: 'changes' }),
};

type Logged = { version: number; clientId: string };

export function createFieldGuard() {
  /** The rule's log: the fields each edit said it changed (its base), as the server records them. */
  const log = new Map<string, Logged>();
  /** What really happened, whatever the edits said: every field value a client's mutation changed. */
  const truth = new Map<string, Logged>();
  const violations: string[] = [];
  const conflicts: { clientId: string; mutationId: number }[] = [];
  const keyOf = (target: Target, field: string) => `${target.table}:${target.id}:${field}`;

  /** Runs one mutation through the guard. `run` commits args; `rowOf` reads the target row; `versionOf` its last version. */
  function guarded(
    envelope: MutationEnvelope,
    args: Record<string, unknown>,
    rowOf: (table: SyncTable, id: string) => unknown,
    versionOf: (table: SyncTable, id: string) => number,
    run: (args: Record<string, unknown>) => void,
  ): FieldConflict[] {
    const target = TARGETS[envelope.name]?.(args);
    if (!target) {
      run(args);
      return [];
    }
    const base = envelope.base;
    const fromVersion = base?.version ?? 0;
    const before = fieldValues(target.table, rowOf(target.table, target.id));
    const keep: Record<string, unknown> = {};
    const found: FieldConflict[] = [];
    for (const [field, value] of before) {
      const logged = log.get(keyOf(target, field));
      if (!base || !logged || logged.clientId === envelope.clientId || logged.version <= base.version) continue;
      keep[field] = value;
      if (field in base.fields && JSON.stringify(base.fields[field]) !== JSON.stringify(value)) {
        found.push({ field, mine: base.fields[field], server: value, changedAt: '', byOtherDevice: true });
      }
    }
    const inner = target.inner && typeof args[target.inner] === 'object' ? target.inner : undefined;
    const kept = inner ? { ...args, [inner]: withFieldValues(args[inner] as Record<string, unknown>, keep) } : withFieldValues(args, keep);
    run(kept);
    const after = rowOf(target.table, target.id);
    if (after === undefined) return found;
    const version = versionOf(target.table, target.id);
    for (const [field, value] of fieldValues(target.table, after)) {
      if (JSON.stringify(before.get(field)) === JSON.stringify(value)) continue;
      const last = truth.get(keyOf(target, field));
      const overwritten = last && last.clientId !== envelope.clientId && last.version > fromVersion;
      if (overwritten && !found.some((conflict) => conflict.field === field)) {
        violations.push(`${envelope.clientId}:${envelope.mutationId} ${envelope.name} overwrote ${keyOf(target, field)} of ${last.clientId} at ${last.version} on base ${fromVersion}`);
      }
      truth.set(keyOf(target, field), { version, clientId: envelope.clientId });
    }
    for (const field of Object.keys(base?.fields ?? {})) {
      if (!(field in keep)) log.set(keyOf(target, field), { version, clientId: envelope.clientId });
    }
    if (found.length > 0) conflicts.push({ clientId: envelope.clientId, mutationId: envelope.mutationId });
    return found;
  }

  return { guarded, violations, conflicts };
}
