import { useCallback, type RefObject } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useMutateAll } from '../../../offline/hooks.ts';
import { editorToast } from '../api/editor-toast.ts';
import { savePositionsMutation } from '../api/action-mutations.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';
import { queueAll } from '../api/queue-mutations.ts';
import type { EditorGraph } from '../model/graph-actions.ts';
import { flowVariableWarning } from '../model/variable-issues.ts';

type Serial = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Salvar (and Ctrl+S, with its shorter toast): every node's position (docs/product.md#state-flow-editor) as one
 * queued change. An unknown variable left in a text is told with the save, so it never reaches a user unnoticed.
 */
export function useSavePositions(flowId: string, graphRef: RefObject<EditorGraph>, serial: Serial) {
  const mutateAll = useMutateAll();
  return useCallback(
    (successText: string = EDITOR_TOASTS.saveSuccess) =>
      serial(async () => {
        const ids = await queueAll(mutateAll, [savePositionsMutation(flowId, graphRef.current.nodes)]).catch(() => {
          toast.error(EDITOR_TOASTS.saveError);
          return null;
        });
        if (ids) editorToast(successText, flowVariableWarning(graphRef.current.nodes));
      }),
    [flowId, graphRef, mutateAll, serial],
  );
}
