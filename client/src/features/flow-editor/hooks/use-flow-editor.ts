/**
 * The editor's state: the cached graph (live from the local database) with the positions moved but not queued yet
 * on top, the undo/redo history, and the queue of outbox writes. Every action becomes named mutations, applied to
 * the cache and queued in one step by the offline layer, so the canvas never waits for the network and the edits
 * survive a reload offline. Writes are queued one after another so a connection never precedes its node. A change
 * the server refuses later is taken back by the offline layer (which also tells the user); here it only leaves the
 * history, so undo never replays a phantom.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { editorToast } from '../api/editor-toast.ts';
import { useMutateAll } from '../../../offline/hooks.ts';
import { actionMutations, actionToasts } from '../api/action-mutations.ts';
import { queueAll } from '../api/queue-mutations.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';
import { invertAction, type EditorAction, type EditorGraph } from '../model/graph-actions.ts';
import * as history from '../model/history.ts';
import { useForgetRefused } from './use-forget-refused.ts';
import { useGraphOverlay } from './use-graph-overlay.ts';
import { usePositionSaves } from './use-position-saves.ts';
import { useSerialWrites } from './use-serial-writes.ts';

const UNDO_REDO_TOASTS = { success: EDITOR_TOASTS.updateFlowSuccess, error: EDITOR_TOASTS.updateFlowError };

export function useFlowEditor(flowId: string, stored: EditorGraph) {
  const mutateAll = useMutateAll();
  const { graph, graphRef, setPositions } = useGraphOverlay(stored);
  const [stack, setStack] = useState(history.emptyHistory);
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const { serial, saving } = useSerialWrites();
  const { schedule, flush, pending } = usePositionSaves(flowId, graphRef, serial);
  /** Queued mutation id → the history entry it belongs to. */
  const origins = useRef(new Map<number, EditorAction>());
  useForgetRefused(origins, setStack);
  /** Queues the mutations of `action`; `original` is the history entry to forget when one cannot be kept. */
  const run = useCallback(
    (action: EditorAction, options: { original: EditorAction; announce: boolean }) => {
      if (action.kind === 'move') {
        setPositions(new Map(action.moves.map((m) => [m.nodeId, m.to])));
        schedule(action.moves.map((m) => m.nodeId));
        return Promise.resolve();
      }
      // Undo and redo are not the user's own step: they announce the flow as a whole ('Fluxo atualizado!').
      const texts = options.announce ? actionToasts(action) : UNDO_REDO_TOASTS;
      return serial(async () => {
        const ids = await queueAll(mutateAll, actionMutations(action)).catch(() => {
          toast.error(texts.error);
          return null;
        });
        if (!ids) return setStack((s) => history.forget(s, options.original));
        for (const id of ids) origins.current.set(id, options.original);
        if (texts.success) editorToast(texts.success);
      });
    },
    [mutateAll, serial, setPositions, schedule],
  );

  const dispatch = useCallback((action: EditorAction) => {
    setStack((s) => history.record(s, action));
    return run(action, { original: action, announce: true });
  }, [run]);

  const step = useCallback((kind: 'undo' | 'redo') => {
    const next = history[kind](stackRef.current);
    if (!next) return;
    setStack(next.history);
    void run(kind === 'undo' ? invertAction(next.action) : next.action, { original: next.action, announce: false });
  }, [run]);
  const undo = useCallback(() => step('undo'), [step]);
  const redo = useCallback(() => step('redo'), [step]);
  /** A drag already moved the nodes on screen: its undo step is recorded and its positions saved. */
  const recordMove = useCallback(
    (action: EditorAction & { kind: 'move' }) => {
      setStack((s) => history.record(s, action));
      schedule(action.moves.map((m) => m.nodeId));
    },
    [schedule],
  );
  const saveState: SaveState = pending ? 'pending' : saving ? 'saving' : 'saved';

  return useMemo(
    () => ({ graph, graphRef, dispatch, undo, redo, recordMove, setPositions, flush, saveState, canUndo: stack.past.length > 0, canRedo: stack.future.length > 0 }),
    [graph, graphRef, dispatch, undo, redo, recordMove, setPositions, flush, saveState, stack],
  );
}

/** Salvo, Salvando… or Alterações pendentes (a move not queued yet). */
export type SaveState = 'saved' | 'saving' | 'pending';
export type FlowEditor = ReturnType<typeof useFlowEditor>;
