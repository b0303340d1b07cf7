/**
 * Editor shortcuts (docs/product.md#screen-flow-editor): Delete / Backspace remove the selection (after the confirmation), arrows move the
 * selected nodes 5 px (4× with Shift), Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes. xyflow's own arrow keys
 * step by the snap grid (15 px), so they are off and this hook moves nodes itself. Typing in a field is left alone,
 * except Ctrl+S, which saves the flow from anywhere instead of opening the browser's "save page" dialog.
 */
import { useEffect, useRef } from 'react';

export const ARROW_STEP = 5;
export const SHIFT_FACTOR = 4;

const ARROWS: Record<string, { x: number; y: number }> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

export type KeyboardHandlers = {
  onDelete: () => void;
  onMove: (dx: number, dy: number) => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
};

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function arrowDelta(key: string, shift: boolean): { dx: number; dy: number } | undefined {
  const arrow = ARROWS[key];
  if (!arrow) return undefined;
  const step = ARROW_STEP * (shift ? SHIFT_FACTOR : 1);
  return { dx: arrow.x * step, dy: arrow.y * step };
}

export function useEditorKeyboard(handlers: KeyboardHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        if (!event.repeat) latest.current.onSave();
        return;
      }
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) latest.current.onRedo();
        else latest.current.onUndo();
        return;
      }
      if (mod && key === 'y') {
        event.preventDefault();
        latest.current.onRedo();
        return;
      }
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        latest.current.onDelete();
        return;
      }
      const delta = arrowDelta(event.key, event.shiftKey);
      if (delta && !mod) {
        event.preventDefault();
        latest.current.onMove(delta.dx, delta.dy);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
