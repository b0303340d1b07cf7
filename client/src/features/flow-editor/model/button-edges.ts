/**
 * Button edges follow their buttons (docs/product.md#entity-flow-button: handle `button_{row}_{index}`, value `flow_{target}`). The panel
 * edits a send_buttons node's buttons as a list: removing one shifts the later ones, retyping one to "Ação" drops
 * its link. Saving the node must carry its edges along, or they keep a handle that now names another button (or
 * none). A connected flow button's value names its target, so that value is what ties an old button to its new
 * place; the edges then move (delete + create, there is no connection.update) in the same undo step as the save.
 */
import { buttonHandleId, flowButtonTarget, flowButtonValue, isFlowButton, parseButtonHandle, type FlowButton } from '@shared/flows/buttons.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { EditorAction, EditorGraph, NodePatch, WriteAction } from './graph-actions.ts';
import { buttonRows } from './xyflow-mapping.ts';

type PlacedButton = { button: FlowButton; handle: string };

const placed = (config: Record<string, unknown>): PlacedButton[] =>
  buttonRows(config).flatMap((row, r) => row.map((button, i) => ({ button, handle: buttonHandleId(r, i) })));

export type ButtonEdgeChanges = { removed: FlowConnection[]; added: FlowConnection[] };

/**
 * Which of the node's button edges go (their button was removed or is no longer a flow button) and which move to
 * a new handle (re-created with a fresh client id). Two buttons linked to the same target are matched in order.
 * An edge whose old value does not name its target (data from before the value was kept) stays with the button
 * at the same position if that one is still a flow button free for it. Edges of handles that named no button
 * before the save are left alone.
 */
export function buttonEdgeChanges(
  nodeId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  connections: readonly FlowConnection[],
  newId: () => string = () => crypto.randomUUID(),
): ButtonEdgeChanges {
  const old = placed(before);
  const next = placed(after);
  const taken = new Set<number>();
  const changes: ButtonEdgeChanges = { removed: [], added: [] };
  const edges = connections.filter((c) => c.sourceNodeId === nodeId && parseButtonHandle(c.sourceHandle));
  old.forEach((was, position) => {
    for (const edge of edges.filter((c) => c.sourceHandle === was.handle)) {
      const value = flowButtonValue(edge.targetNodeId);
      let to = next.findIndex((b, j) => !taken.has(j) && b.button.value === value);
      const fallback = next[position];
      if (to < 0 && was.button.value !== value && fallback && !taken.has(position) && isFlowButton(fallback.button)) {
        const linked = flowButtonTarget(fallback.button.value);
        if (linked === undefined || linked === edge.targetNodeId) to = position;
      }
      if (to >= 0) taken.add(to);
      const handle = to >= 0 ? next[to]?.handle : undefined;
      if (handle === edge.sourceHandle) continue;
      changes.removed.push(edge);
      if (handle) changes.added.push({ ...edge, id: newId(), sourceHandle: handle });
    }
  });
  return changes;
}

/**
 * Salvar nó as an editor action: the node update alone, or, when button edges must follow, one batch that removes
 * the stale edges first (their button values are rewritten by the update anyway), then saves, then re-creates the
 * moved edges on handles that exist after the save.
 */
export function saveNodeAction(graph: EditorGraph, node: FlowNode, after: NodePatch, newId?: () => string): EditorAction {
  const update: WriteAction = { kind: 'updateNode', nodeId: node.id, before: { label: node.label, config: node.config }, after };
  if (node.subType !== 'send_buttons' || !after.config) return update;
  const { removed, added } = buttonEdgeChanges(node.id, node.config, after.config, graph.connections, newId);
  if (removed.length === 0 && added.length === 0) return update;
  return {
    kind: 'batch',
    as: 'updateNode',
    actions: [...removed.map((connection) => ({ kind: 'disconnect' as const, connection })), update, ...added.map((connection) => ({ kind: 'connect' as const, connection }))],
  };
}

/**
 * A flow button leads to one node: connecting its handle again replaces the earlier edge, in one undo step
 * (the new edge then points the button at its new target).
 */
export function connectAction(graph: EditorGraph, connection: FlowConnection): EditorAction {
  const connect: WriteAction = { kind: 'connect', connection };
  if (!parseButtonHandle(connection.sourceHandle)) return connect;
  const earlier = graph.connections.filter((c) => c.sourceNodeId === connection.sourceNodeId && c.sourceHandle === connection.sourceHandle);
  if (earlier.length === 0) return connect;
  return { kind: 'batch', as: 'connect', actions: [...earlier.map((c) => ({ kind: 'disconnect' as const, connection: c })), connect] };
}
