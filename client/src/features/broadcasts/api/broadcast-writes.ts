/**
 * Saving and deleting (docs/decisions.md#broadcast-screens). A draft (no schedule) is written through the outbox —
 * `broadcast.create` with the id made here, `broadcast.update`, `broadcast.delete` — so it works offline and reaches
 * the server exactly once. A schedule needs the server (a schedule replayed later could already be past), so a
 * save with one, or one that clears a stored one, is a REST call and needs a connection.
 */
import type { CreateBroadcastInput, UpdateBroadcastInput } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { savedToast } from '../../../offline/feedback.ts';
import { useMutate, useWhenAnswered } from '../../../offline/hooks.ts';
import type { FormPayload } from '../utils/broadcast-form.ts';
import { toastFailure } from '../utils/failure-toast.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import { broadcastActions, useRefreshBroadcasts } from './broadcast-requests.ts';

/** How long an online save waits for the server to take a queued draft. */
const ANSWER_WAIT_MS = 8000;

export type SaveOutcome = {
  id: string;
  /** The server has the broadcast as saved (it can be sent now). */
  onServer: boolean;
  scheduled: boolean;
};

/** Whether this save must go to the server directly: it sets a schedule, or clears the one the server holds. */
export const saveNeedsServer = (existing: Pick<BroadcastRow, 'scheduledFor' | 'localOnly'> | null, payload: FormPayload) =>
  payload.scheduledFor !== undefined || (existing !== null && !existing.localOnly && existing.scheduledFor !== null);

const withoutSchedule = <T extends CreateBroadcastInput | UpdateBroadcastInput>(input: T): Omit<T, 'scheduledFor'> => {
  const { scheduledFor: _scheduledFor, ...rest } = input;
  return rest;
};

export function useSaveBroadcast() {
  const mutate = useMutate();
  const whenAnswered = useWhenAnswered();
  const refresh = useRefreshBroadcasts();
  return async (existing: BroadcastRow | null, payload: FormPayload, online: boolean): Promise<SaveOutcome | null> => {
    const successText = existing ? BROADCAST_TOASTS.updated : BROADCAST_TOASTS.created;
    if (saveNeedsServer(existing, payload)) {
      try {
        const saved = existing ? await broadcastActions.update(existing.id, payload.update) : await broadcastActions.create({ ...payload.create, id: crypto.randomUUID() });
        toast.success(successText);
        void refresh();
        return { id: saved.id, onServer: true, scheduled: saved.status === 'SCHEDULED' };
      } catch (error) {
        toastFailure(error, BROADCAST_TOASTS.saveFailed);
        return null;
      }
    }
    const id = existing?.id ?? crypto.randomUUID();
    const envelope = existing
      ? await mutate('broadcast.update', { broadcastId: id, changes: withoutSchedule(payload.update) })
      : await mutate('broadcast.create', { broadcast: { ...withoutSchedule(payload.create), id } });
    if (!envelope) return null;
    const answer = online ? await whenAnswered(envelope.mutationId, ANSWER_WAIT_MS) : 'pending';
    // Refused: the engine already toasted 'Erro ao salvar disparo' with the server's reason.
    if (answer === 'rejected') return null;
    savedToast(successText);
    if (answer === 'acked') void refresh();
    return { id, onServer: answer === 'acked', scheduled: false };
  };
}

export function useDeleteBroadcast() {
  const mutate = useMutate();
  return async (broadcastId: string) => {
    if (await mutate('broadcast.delete', { broadcastId })) savedToast(BROADCAST_TOASTS.deleted);
  };
}
