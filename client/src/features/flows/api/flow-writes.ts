/**
 * Flow list writes through the outbox. Creating gets its id here (a client UUID, docs/decisions.md#d-flows), so the flow shows
 * at once and the editor can open it by that id.
 */
import type { CreateFlowInput } from '@shared/flows/schemas.ts';
import { savedToast } from '../../../offline/feedback.ts';
import { useMutate, useWhenAnswered } from '../../../offline/hooks.ts';
import { FLOW_TOASTS } from './flow-texts.ts';

export function useToggleFlow() {
  const mutate = useMutate();
  return async (flowId: string, enabled: boolean) => {
    if (await mutate('flow.setEnabled', { flowId, enabled })) savedToast(enabled ? FLOW_TOASTS.enabled : FLOW_TOASTS.disabled);
  };
}

export function useRemoveFlow() {
  const mutate = useMutate();
  return async (flowId: string) => {
    if (await mutate('flow.delete', { flowId })) savedToast(FLOW_TOASTS.removeSuccess);
  };
}

/** How long creating waits for the server before opening the editor anyway. */
const CREATE_WAIT_MS = 8000;

/**
 * Answers the new flow's id, or null when it could not be kept or the server refused it. The editor still loads
 * its graph from the server, so online it waits (briefly) for the server to have the flow before opening it.
 */
export function useCreateFlow() {
  const mutate = useMutate();
  const whenAnswered = useWhenAnswered();
  return async (input: CreateFlowInput): Promise<string | null> => {
    const id = crypto.randomUUID();
    const envelope = await mutate('flow.create', { flow: { ...input, id } });
    if (!envelope) return null;
    const answer = navigator.onLine ? await whenAnswered(envelope.mutationId, CREATE_WAIT_MS) : 'pending';
    if (answer === 'rejected') return null;
    savedToast(FLOW_TOASTS.createSuccess);
    return id;
  };
}
