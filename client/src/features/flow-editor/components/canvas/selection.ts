import type { XY } from '../../model/graph-actions.ts';

/** The selected cards and connections, by id. */
export type Selection = { nodes: ReadonlySet<string>; edges: ReadonlySet<string> };
/** The nodes and connections a test run went through, highlighted on the canvas. */
export type TestPath = { nodes: ReadonlySet<string>; edges: ReadonlySet<string> };
/** A connection dragged from a handle and dropped on an empty spot: where, in flow coordinates. */
export type OpenDrop = { nodeId: string; handle: string; at: XY };

export const NO_SELECTION: Selection = { nodes: new Set(), edges: new Set() };
export const NO_PATH: TestPath = { nodes: new Set(), edges: new Set() };

/** `set` with `id` in or out; the same set when nothing changes, so the memoised mappings keep their objects. */
export function withChange(set: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  if (set.has(id) === on) return set;
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
