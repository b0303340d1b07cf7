/**
 * The editor's state: the cached graph (live from the local database) with the positions moved but not saved on
 * top, the undo/redo history, and the queue of outbox writes. Every action becomes named mutations, applied to
 * the cache and queued in one step by the offline layer, so the canvas never waits for the network and the edits
 * survive a reload offline. Writes are queued one after another so a connection never precedes its node. A change
 * the server refuses later is taken back by the offline layer (which also tells the user); here it only leaves the
 * history, so undo never replays a phantom.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { editorToast } from '../api/editor-toast.ts';
import { useMutateAll } from '../../../offline/hooks.ts';
import { actionMutations, actionToasts, savePositionsMutation } from '../api/action-mutations.ts';
import { queueAll } from '../api/queue-mutations.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';
import { invertAction, type EditorAction, type EditorGraph, type XY } from '../model/graph-actions.ts';
import * as history from '../model/history.ts';
import { useForgetRefused } from './use-forget-refused.ts';
import { flowVariableWarning } from '../model/variable-issues.ts';
import { createPositionMerger, settleOverlay, withPositions, type PositionOverlay } from '../model/position-overlay.ts';

const UNDO_REDO_TOASTS = { success: EDITOR_TOASTS.updateFlowSuccess, error: EDITOR_TOASTS.updateFlowError };
const NO_OVERLAY: PositionOverlay = new Map();

export function useFlowEditor(flowId: string, stored: EditorGraph) {
  const mutateAll = useMutateAll();
  const [overlay, setOverlay] = useState(NO_OVERLAY);
  const [stack, setStack] = useState(history.emptyHistory);
  const [writes, setWrites] = useState(0);
  const merge = useMemo(createPositionMerger, []);
  const nodes = useMemo(() => merge(stored.nodes, overlay), [merge, stored.nodes, overlay]);
  const graph = useMemo<EditorGraph>(() => ({ nodes, connections: stored.connections }), [nodes, stored.connections]);
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const graphRef = useRef(graph);
  graphRef.current = graph;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** Queued mutation id → the history entry it belongs to. */
  const origins = useRef(new Map<number, EditorAction>());

  useEffect(() => setOverlay((current) => settleOverlay(current, stored.nodes)), [stored.nodes]);

  useForgetRefused(origins, setStack);

  /** Runs `work` after every write queued before it; `saving` while any is going on. */
  const serial = useCallback(<T,>(work: () => Promise<T>): Promise<T> => {
    setWrites((n) => n + 1);
    const next = queue.current.then(work).finally(() => setWrites((n) => n - 1));
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  /** Queues the mutations of `action`; `original` is the history entry to forget when one cannot be kept. */
  const run = useCallback(
    (action: EditorAction, options: { original: EditorAction; announce: boolean }) => {
      if (action.kind === 'move') {
        setOverlay((current) => withPositions(current, new Map(action.moves.map((m) => [m.nodeId, m.to]))));
        return Promise.resolve();
      }
      // Undo and redo are not the user's own step: they announce the flow as a whole ('Fluxo atualizado!').
      const texts = options.announce ? actionToasts(action) : UNDO_REDO_TOASTS;
      return serial(async () => {
        const ids = await queueAll(mutateAll, actionMutations(action)).catch(() => {
          toast.error(texts.error);
          return null;
        });
        if (!ids) {
          setStack((s) => history.forget(s, options.original));
          return;
        }
        for (const id of ids) origins.current.set(id, options.original);
        if (texts.success) editorToast(texts.success);
      });
    },
    [mutateAll, serial],
  );

  const dispatch = useCallback(
    (action: EditorAction) => {
      setStack((s) => history.record(s, action));
      return run(action, { original: action, announce: true });
    },
    [run],
  );

  const undo = useCallback(() => {
    const step = history.undo(stackRef.current);
    if (!step) return;
    setStack(step.history);
    void run(invertAction(step.action), { original: step.action, announce: false });
  }, [run]);

  const redo = useCallback(() => {
    const step = history.redo(stackRef.current);
    if (!step) return;
    setStack(step.history);
    void run(step.action, { original: step.action, announce: false });
  }, [run]);

  /** A drag already moved the nodes on screen; only its undo step is recorded. */
  const recordMove = useCallback((action: EditorAction) => setStack((s) => history.record(s, action)), []);

  /** Positions while dragging: on screen only, until Salvar. */
  const setPositions = useCallback((positions: Map<string, XY>) => setOverlay((current) => withPositions(current, positions)), []);

  /** Salvar (and Ctrl+S, with its shorter toast): every node's position (docs/product.md#state-flow-editor) as one queued change. */
  const save = useCallback(
    (successText: string = EDITOR_TOASTS.saveSuccess) =>
      serial(async () => {
        const ids = await queueAll(mutateAll, [savePositionsMutation(flowId, graphRef.current.nodes)]).catch(() => {
          toast.error(EDITOR_TOASTS.saveError);
          return null;
        });
        // An unknown variable left in a text is told with the save, so it never reaches a user unnoticed.
        if (ids) editorToast(successText, flowVariableWarning(graphRef.current.nodes));
      }),
    [flowId, mutateAll, serial],
  );

  return useMemo(
    () => ({ graph, graphRef, dispatch, undo, redo, recordMove, setPositions, save, saving: writes > 0, canUndo: stack.past.length > 0, canRedo: stack.future.length > 0 }),
    [graph, dispatch, undo, redo, recordMove, setPositions, save, writes, stack],
  );
}

export type FlowEditor = ReturnType<typeof useFlowEditor>;
