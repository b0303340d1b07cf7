/**
 * The editor reads the flow and its graph from the local cache (guide/offline-sync.md rule 1), live: its own
 * edits, other tabs' and pulled changes show at once, and a flow opened before stays editable offline.
 */
import { useEffect, useMemo, useState } from 'react';
import type { FlowConnection, FlowNode } from '../../../../../shared/flows/graph.ts';
import type { FlowSummary } from '../../../../../shared/flows/schemas.ts';
import { useCached, useSyncNow } from '../../../offline/hooks.ts';
import type { EditorGraph } from '../model/graph-actions.ts';
import { createRowSharer } from '../model/shared-rows.ts';

/** The server's order (sort_order, created_at, id), so cards stack the same before and after a pull. */
const byOrder = (a: FlowNode, b: FlowNode) => a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const byCreation = (a: FlowConnection, b: FlowConnection) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export type FlowLookup = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; flow: FlowSummary };

/**
 * The flow row. One that is not cached may have been created elsewhere since the last pull: a sync runs before
 * 'Fluxo não encontrado' is shown (offline that sync ends at once and the flow stays missing).
 */
export function useCachedFlow(flowId: string): FlowLookup {
  const syncNow = useSyncNow();
  const flow = useCached(async (db) => (await db.flows.get(flowId)) ?? null, [flowId]);
  const [checked, setChecked] = useState<string | null>(null);
  const absent = flow === null;
  useEffect(() => {
    if (!absent || checked === flowId) return;
    let live = true;
    void syncNow().finally(() => live && setChecked(flowId));
    return () => {
      live = false;
    };
  }, [absent, checked, flowId, syncNow]);
  if (flow) return { status: 'ready', flow };
  return flow === null && checked === flowId ? { status: 'missing' } : { status: 'loading' };
}

/** Nodes and connections of the flow; unchanged rows keep their objects between ticks (model/shared-rows.ts). */
export function useCachedGraph(flowId: string): EditorGraph | undefined {
  const sharers = useMemo(() => ({ nodes: createRowSharer<FlowNode>(), connections: createRowSharer<FlowConnection>() }), []);
  const rows = useCached(
    async (db) => {
      const [nodes, connections] = await Promise.all([
        db.flowNodes.where('flowId').equals(flowId).toArray(),
        db.flowConnections.where('flowId').equals(flowId).toArray(),
      ]);
      return { nodes: nodes.sort(byOrder), connections: connections.sort(byCreation) };
    },
    [flowId],
  );
  return useMemo(() => (rows ? { nodes: sharers.nodes(rows.nodes), connections: sharers.connections(rows.connections) } : undefined), [rows, sharers]);
}
