/**
 * The editor's state: the graph, the undo/redo history and the write queue. Every action is applied locally at
 * once (the canvas never waits for the network) and its writes go to the server one after another, in order, so
 * a connection is never sent before the node it starts from. A refused write is rolled back locally, dropped from
 * the history and reported with the server's message (part 2 §8 fallback otherwise).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FlowDetail } from '../../../../../shared/flows/schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import * as calls from '../api/editor-api.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';
import { ACTION_TOASTS, persistAction } from '../api/persist-action.ts';
import { applyAction, invertAction, type EditorAction, type EditorGraph, type XY } from '../model/graph-actions.ts';
import * as history from '../model/history.ts';

export const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const sessionEnded = (error: unknown) => error instanceof ApiError && error.sessionExpired;
const UNDO_REDO_TOASTS = { success: EDITOR_TOASTS.updateFlowSuccess, error: EDITOR_TOASTS.updateFlowError };

export function useFlowEditor(flow: FlowDetail) {
  const [graph, setGraph] = useState<EditorGraph>(() => ({ nodes: flow.nodes ?? [], connections: flow.connections ?? [] }));
  const [stack, setStack] = useState(history.emptyHistory);
  const [writes, setWrites] = useState(0);
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const graphRef = useRef(graph);
  graphRef.current = graph;
  const queue = useRef<Promise<void>>(Promise.resolve());

  const enqueue = useCallback((work: () => Promise<void>) => {
    setWrites((n) => n + 1);
    queue.current = queue.current.then(work).finally(() => setWrites((n) => n - 1));
    return queue.current;
  }, []);

  /** `original` is the history entry to forget if the write fails (an undo fails on the inverse of it). */
  const run = useCallback(
    (action: EditorAction, options: { original?: EditorAction; announce: boolean }) => {
      setGraph((g) => applyAction(g, action));
      // Undo and redo are not the user's own step: they announce the flow as a whole ('Fluxo atualizado!').
      const texts = options.announce ? ACTION_TOASTS[action.kind] : UNDO_REDO_TOASTS;
      const silent = action.kind === 'move';
      return enqueue(async () => {
        try {
          await persistAction(action);
          if (texts.success && !silent) toast.success(texts.success);
        } catch (error) {
          setGraph((g) => applyAction(g, invertAction(action)));
          setStack((s) => history.forget(s, options.original ?? action));
          if (!sessionEnded(error)) toast.error(errorText(error, texts.error));
        }
      });
    },
    [enqueue],
  );

  const dispatch = useCallback(
    (action: EditorAction) => {
      setStack((s) => history.record(s, action));
      return run(action, { announce: true });
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
    void run(step.action, { announce: false });
  }, [run]);

  /** A drag already moved the nodes on screen; only its undo step is recorded. */
  const recordMove = useCallback((action: EditorAction) => setStack((s) => history.record(s, action)), []);

  const setPositions = useCallback((positions: Map<string, XY>) => {
    setGraph((g) => ({ ...g, nodes: g.nodes.map((n) => (positions.has(n.id) ? { ...n, position: positions.get(n.id) ?? n.position } : n)) }));
  }, []);

  /** Salvar (and Ctrl+S, with its shorter toast): every node's position, one after another (part 2 §4). */
  const save = useCallback(
    (successText: string = EDITOR_TOASTS.saveSuccess) =>
      enqueue(async () => {
        try {
          for (const node of graphRef.current.nodes) await calls.updateNode(node.id, { position: node.position }, EDITOR_TOASTS.saveError);
          toast.success(successText);
        } catch (error) {
          if (!sessionEnded(error)) toast.error(errorText(error, EDITOR_TOASTS.saveError));
        }
      }),
    [enqueue],
  );

  return useMemo(
    () => ({ graph, graphRef, dispatch, undo, redo, recordMove, setPositions, save, saving: writes > 0, canUndo: stack.past.length > 0, canRedo: stack.future.length > 0 }),
    [graph, dispatch, undo, redo, recordMove, setPositions, save, writes, stack],
  );
}

export type FlowEditor = ReturnType<typeof useFlowEditor>;
