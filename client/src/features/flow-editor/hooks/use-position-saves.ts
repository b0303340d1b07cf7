import { useEffect, useMemo, useState, type RefObject } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useMutateAll } from '../../../offline/hooks.ts';
import { positionsMutation } from '../api/action-mutations.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';
import { queueAll } from '../api/queue-mutations.ts';
import type { EditorGraph } from '../model/graph-actions.ts';
import { createPositionBatch } from '../model/position-batch.ts';

type Serial = <T>(work: () => Promise<T>) => Promise<T>;

/** How long after the last move its positions are queued: a burst of drags or arrow presses is one write. */
export const POSITION_SAVE_DELAY_MS = 400;

/**
 * Moved nodes are saved like any other edit (docs/product.md#state-flow-editor): shortly after the move, as one
 * queued node.savePositions with the nodes moved since the last write (model/position-batch.ts), so they survive a
 * reload and reach the server offline or not. Leaving the editor, hiding the page or Ctrl+S queues what still
 * waits at once. The positions are read when written: the latest ones on screen.
 */
export function usePositionSaves(flowId: string, graphRef: RefObject<EditorGraph>, serial: Serial) {
  const mutateAll = useMutateAll();
  const [pending, setPending] = useState(false);
  const batch = useMemo(
    () =>
      createPositionBatch({
        delayMs: POSITION_SAVE_DELAY_MS,
        onWaiting: setPending,
        write: (ids) =>
          serial(async () => {
            const moved = graphRef.current.nodes.filter((node) => ids.has(node.id));
            if (moved.length === 0) return true;
            const queued = await queueAll(mutateAll, [positionsMutation(flowId, moved)]).catch(() => null);
            if (!queued) toast.error(EDITOR_TOASTS.saveError);
            return queued !== null;
          }),
      }),
    [flowId, graphRef, mutateAll, serial],
  );

  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && void batch.flush();
    const leaving = () => void batch.flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      void batch.flush();
    };
  }, [batch]);

  return { schedule: batch.schedule, flush: batch.flush, pending };
}
