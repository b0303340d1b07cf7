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
 * Which mutations are plain overwrites, and which leave one alone, their declarations say (`overwrites`,
 * `unrelated` in modules/<m>/mutations.ts); a mutation whose args did not validate is not known to leave anything alone.
 */
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import type { PreparedMutation } from './mutations.ts';

/**
 * The key under which the write at `index` waits for its stand-in, or undefined when it must be made. `prepared`:
 * a mutation whose args passed validation, undefined for one refused for its args (it writes nothing).
 */
export function supersededKey(
  envelopes: MutationEnvelope[],
  index: number,
  limit: number,
  prepared: (index: number) => PreparedMutation | undefined,
): string | undefined {
  const envelope = envelopes[index];
  const write = envelope ? prepared(index)?.overwrite : undefined;
  if (!envelope || !write) return undefined;
  for (let later = index + 1; later < Math.min(limit, envelopes.length); later++) {
    const next = envelopes[later];
    if (!next || next.mutationId !== envelope.mutationId + (later - index)) return undefined;
    const other = prepared(later);
    if (other?.overwrite?.key === write.key) {
      return write.fields.every((name) => other.overwrite?.fields.includes(name)) ? write.key : undefined;
    }
    if (!other?.leavesAlone(write)) return undefined;
  }
  return undefined;
}
