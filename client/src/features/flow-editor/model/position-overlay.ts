/**
 * Positions moved on screen but not in the cache yet: drags and arrow-key moves live here, over the cached graph,
 * until their queued write (hooks/use-position-saves.ts) puts the same position in the cache (then the entry is dropped).
 * A merged node is reused while neither its row nor its overlay position changes, so dragging one card does not
 * re-render every card moved before it.
 */
import type { FlowNode } from '@shared/flows/graph.ts';
import type { XY } from './graph-actions.ts';

export type PositionOverlay = ReadonlyMap<string, XY>;

export const samePosition = (a: XY, b: XY) => a.x === b.x && a.y === b.y;

export function createPositionMerger() {
  const merged = new WeakMap<FlowNode, { position: XY; node: FlowNode }>();
  return (nodes: FlowNode[], overlay: PositionOverlay): FlowNode[] => {
    if (overlay.size === 0) return nodes;
    return nodes.map((node) => {
      const position = overlay.get(node.id);
      if (!position || samePosition(position, node.position)) return node;
      const hit = merged.get(node);
      if (hit?.position === position) return hit.node;
      const next = { ...node, position };
      merged.set(node, { position, node: next });
      return next;
    });
  };
}

/** The overlay without entries the cache already has (saved) or whose node is gone; the same map if none. */
export function settleOverlay(overlay: PositionOverlay, nodes: FlowNode[]): PositionOverlay {
  if (overlay.size === 0) return overlay;
  const stored = new Map(nodes.map((node) => [node.id, node.position]));
  const pending = [...overlay].filter(([id, position]) => {
    const current = stored.get(id);
    return current !== undefined && !samePosition(current, position);
  });
  return pending.length === overlay.size ? overlay : new Map(pending);
}

/** The overlay with these positions set. */
export function withPositions(overlay: PositionOverlay, positions: ReadonlyMap<string, XY>): PositionOverlay {
  const next = new Map(overlay);
  for (const [id, position] of positions) next.set(id, position);
  return next;
}
