/**
 * Saves a later save makes moot (docs/offline-sync.md#rule-4, a refinement of the chunk): a client that edited a
 * welcome message offline replays one `welcome.save` per edit, each a full overwrite of the same row. Inside one
 * chunk a save is not written when a later save of the same channel comes in the same chunk with only mutations
 * between them that touch neither channels nor welcome messages (NEUTRAL) and consecutive ids (no gap, no resend):
 * the later save writes the same row whole, in the same transaction, so no reader can tell, and its outcome is the
 * earlier one's (both hang on the channel being the user's, which nothing between them changes). The earlier save
 * answers what the later one answers; should the later one be refused, the chunk is redone without skipping.
 * Exactly-once is untouched: the skipped ids commit with the chunk's last id like every other.
 */
import type { MutationEnvelope } from '@shared/sync/protocol.ts';

/** Mutations that neither read nor write channels or welcome messages (and open no savepoint of their own). */
const NEUTRAL = new Set(['welcome.save', 'flow.update', 'flow.setEnabled', 'node.create', 'node.update', 'node.savePositions']);

const channelOf = (envelope: MutationEnvelope): string | undefined => {
  if (envelope.name !== 'welcome.save') return undefined;
  const args: unknown = envelope.args;
  const channelId: unknown = typeof args === 'object' && args !== null ? Reflect.get(args, 'channelId') : undefined;
  return typeof channelId === 'string' ? channelId : undefined;
};

/** The key a superseded save waits on (its channel), or undefined when the save at `index` must be written. */
export function supersededKey(envelopes: MutationEnvelope[], index: number, limit: number, valid: (index: number) => boolean): string | undefined {
  const envelope = envelopes[index];
  const channelId = envelope ? channelOf(envelope) : undefined;
  if (!envelope || channelId === undefined) return undefined;
  for (let later = index + 1; later < Math.min(limit, envelopes.length); later++) {
    const next = envelopes[later];
    if (!next || next.mutationId !== envelope.mutationId + (later - index) || !NEUTRAL.has(next.name)) return undefined;
    // A later save refused for its own args writes nothing: it cannot stand in for this one.
    if (channelOf(next) === channelId) return valid(later) ? channelId : undefined;
  }
  return undefined;
}
