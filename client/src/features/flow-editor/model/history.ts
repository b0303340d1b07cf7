/** Undo/redo stacks of editor actions (Ctrl+Z / Ctrl+Shift+Z). Pure: the hook owns the state. */
import type { EditorAction } from './graph-actions.ts';

export type History = { past: EditorAction[]; future: EditorAction[] };

/** Enough for an editing session; the oldest steps fall off so memory stays bounded on big flows. */
export const HISTORY_LIMIT = 200;

export const emptyHistory = (): History => ({ past: [], future: [] });

/** A new action clears the redo stack, as in every editor. */
export const record = (history: History, action: EditorAction): History => ({
  past: [...history.past, action].slice(-HISTORY_LIMIT),
  future: [],
});

/** The action to undo (apply its inverse) and the history after it, or undefined when there is nothing. */
export function undo(history: History): { action: EditorAction; history: History } | undefined {
  const action = history.past.at(-1);
  if (!action) return undefined;
  return { action, history: { past: history.past.slice(0, -1), future: [action, ...history.future] } };
}

export function redo(history: History): { action: EditorAction; history: History } | undefined {
  const action = history.future[0];
  if (!action) return undefined;
  return { action, history: { past: [...history.past, action], future: history.future.slice(1) } };
}

/** Drops an action whose write the server refused, wherever it sits, so undo never replays a phantom. */
export const forget = (history: History, action: EditorAction): History => ({
  past: history.past.filter((a) => a !== action),
  future: history.future.filter((a) => a !== action),
});
