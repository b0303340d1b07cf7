/**
 * Writes a later mutation makes moot (docs/offline-sync.md#rule-4, a refinement of the chunk). A client that edited
 * offline replays one mutation per edit: typing a welcome message or a flow's name, flipping a flow on and off. Each
 * of these is a plain overwrite of the same fields of one row, and inside one chunk such a write is skipped when a
 * later mutation in the same chunk (the stand-in) overwrites at least the same fields of the same row, with only
 * mutations between them that neither read nor write those fields nor change whether the row is the user's, and
 * consecutive ids (no gap, no resend). The stand-in runs in the same transaction, so no reader can tell; its outcome
 * is the skipped one's (both hang only on the row being the user's), so the skipped mutation answers what the
 * stand-in answers; should the stand-in be refused, the chunk is redone with every write made. Exactly-once is
 * untouched: the skipped ids commit with the chunk's last id like every other.
 *
 * The overwrites (their key names the row and the fields):
 * - `welcome.save`: the channel's whole welcome message;
 * - `flow.setEnabled`: the flow's `enabled`;
 * - `flow.update` with only `name` and/or `description`: those fields (a later one must set each of them too).
 */
import type { MutationEnvelope } from '@shared/sync/protocol.ts';

/** Mutations that never touch channels, welcome messages, or whether a flow exists (and open no savepoint). */
const UNRELATED = new Set(['welcome.save', 'flow.update', 'flow.setEnabled', 'node.create', 'node.update', 'node.savePositions']);
const NAME_FIELDS = new Set(['name', 'description']);

type Overwrite = { key: string; fields: string[] };

const field = (value: unknown, name: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined);

/** What the mutation overwrites, when it is one of the plain overwrites above. */
function overwriteOf(envelope: MutationEnvelope): Overwrite | undefined {
  const args: unknown = envelope.args;
  if (envelope.name === 'welcome.save') {
    const channelId = field(args, 'channelId');
    return typeof channelId === 'string' ? { key: `welcome:${channelId}`, fields: [] } : undefined;
  }
  const flowId = field(args, 'flowId');
  if (typeof flowId !== 'string') return undefined;
  if (envelope.name === 'flow.setEnabled') return { key: `enabled:${flowId}`, fields: [] };
  if (envelope.name !== 'flow.update') return undefined;
  const changes = field(args, 'changes');
  const fields = typeof changes === 'object' && changes !== null ? Object.keys(changes).filter((name) => field(changes, name) !== undefined) : [];
  return fields.length > 0 && fields.every((name) => NAME_FIELDS.has(name)) ? { key: `names:${flowId}`, fields } : undefined;
}

/** The key of a mutation's overwrite ('' for any other): a superseded write waits under it for its stand-in. */
export const overwriteKey = (envelope: MutationEnvelope): string => overwriteOf(envelope)?.key ?? '';

/** Does `other`, between a skipped write and its stand-in, leave that write's fields and row alone? */
function leavesAlone(write: Overwrite, other: MutationEnvelope): boolean {
  if (!UNRELATED.has(other.name)) return false;
  const flowId = field(other.args, 'flowId');
  // A flow.update of the flow rewrites every column it read, `enabled` included, and may set names.
  if (write.key.startsWith('enabled:') && other.name === 'flow.update' && write.key === `enabled:${String(flowId)}`) {
    return field(field(other.args, 'changes'), 'enabled') === undefined;
  }
  if (write.key.startsWith('names:') && other.name === 'flow.update' && write.key === `names:${String(flowId)}`) return false;
  return true;
}

/**
 * The key under which the write at `index` waits for its stand-in, or undefined when it must be made. `valid`: the
 * stand-in's args pass validation (a stand-in refused for its own args writes nothing).
 */
export function supersededKey(envelopes: MutationEnvelope[], index: number, limit: number, valid: (index: number) => boolean): string | undefined {
  const envelope = envelopes[index];
  const write = envelope ? overwriteOf(envelope) : undefined;
  if (!envelope || !write) return undefined;
  for (let later = index + 1; later < Math.min(limit, envelopes.length); later++) {
    const next = envelopes[later];
    if (!next || next.mutationId !== envelope.mutationId + (later - index)) return undefined;
    const other = overwriteOf(next);
    if (other?.key === write.key) {
      const covers = write.fields.every((name) => other.fields.includes(name));
      return covers && valid(later) ? write.key : undefined;
    }
    if (!leavesAlone(write, next)) return undefined;
  }
  return undefined;
}
