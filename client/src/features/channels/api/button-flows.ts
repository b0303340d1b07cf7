/**
 * Callback buttons of a welcome message and the flows that answer them (a trigger_button_clicked node whose
 * buttonData is the button's value, docs/decisions.md#d-flow-engine). The form shows, per callback button, the flow
 * that answers it or offers to create one, so a button never leads nowhere unnoticed.
 */
import { DEFAULT_EXECUTION_CONTEXTS } from '@shared/flows/schemas.ts';
import { savedToast } from '../../../offline/feedback.ts';
import { useButtonAnswers } from '../../../offline/button-answers.ts';
import { useMutateAll, useWhenAnswered } from '../../../offline/hooks.ts';

/** How long creating waits for the server before opening the editor anyway (the editor reads the graph from the server). */
const CREATE_WAIT_MS = 8000;

/** buttonData → the bot's flow that answers it (the first by name when several do). */
export const useButtonFlows = useButtonAnswers;

/** Creates a flow of `botId` that starts when the button is pressed; answers its id (the editor opens it next). */
export function useCreateButtonFlow() {
  const mutateAll = useMutateAll();
  const whenAnswered = useWhenAnswered();
  return async (botId: string, button: { text: string; value: string }): Promise<string | null> => {
    const flowId = crypto.randomUUID();
    const label = button.text.trim() || button.value.trim();
    const queued = await mutateAll([
      {
        name: 'flow.create',
        args: {
          flow: { id: flowId, botId, name: `Botão "${label}"`.slice(0, 100), description: 'Responde ao botão da mensagem de boas-vindas', trigger: { type: 'MESSAGE' }, executionContexts: [...DEFAULT_EXECUTION_CONTEXTS], allowedChannelIds: [] },
        },
      },
      {
        name: 'node.create',
        args: { node: { id: crypto.randomUUID(), flowId, type: 'trigger', subType: 'trigger_button_clicked', position: { x: 80, y: 120 }, config: { buttonData: button.value.trim() }, label: 'Botão clicado', order: 0 } },
      },
    ]);
    const last = queued?.at(-1);
    if (!last) return null;
    const answer = navigator.onLine ? await whenAnswered(last.mutationId, CREATE_WAIT_MS) : 'pending';
    if (answer === 'rejected') return null;
    savedToast('Fluxo do botão criado!');
    return flowId;
  };
}
