/**
 * The editor reads the flow and its graph from the local cache (docs/offline-sync.md#rule-1), live: its own
 * edits, other tabs' and pulled changes show at once, and a flow opened before stays editable offline. Every tick
 * re-reads the rows; unchanged ones keep their objects (model/shared-rows.ts), so a pull that brought nothing for
 * this flow does not re-render a 500-node canvas.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { useButtonAnswers } from '../../../offline/button-answers.ts';
import { useCached, useSyncNow } from '../../../offline/hooks.ts';
import { useSyncEngine } from '../../../offline/provider.tsx';
import type { EditorGraph } from '../model/graph-actions.ts';
import { createRowSharer, stableJson } from '../model/shared-rows.ts';

/** The server's order (sort_order, created_at, id), so cards stack the same before and after a pull. */
const byOrder = (a: FlowNode, b: FlowNode) => a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const byCreation = (a: FlowConnection, b: FlowConnection) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export type FlowLookup = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; flow: FlowSummary };

function createFlowKeeper() {
  let kept: FlowSummary | null = null;
  return (row: FlowSummary | undefined): FlowSummary | null => {
    if (!row) return null;
    if (!kept || stableJson(kept) !== stableJson(row)) kept = row;
    return kept;
  };
}

/**
 * The flow row. One that is not cached may have been created elsewhere since the last pull: a sync runs before
 * 'Fluxo não encontrado' is shown (offline that sync ends at once and the flow stays missing).
 */
export function useCachedFlow(flowId: string): FlowLookup {
  const syncNow = useSyncNow();
  const [keep] = useState(createFlowKeeper);
  const flow = useCached(async (db) => keep(await db.flows.get(flowId)), [flowId]);
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

function createGraphSharer() {
  const nodes = createRowSharer<FlowNode>();
  const connections = createRowSharer<FlowConnection>();
  let graph: EditorGraph | undefined;
  return (read: EditorGraph): EditorGraph => {
    const next = { nodes: nodes(read.nodes), connections: connections(read.connections) };
    if (graph?.nodes !== next.nodes || graph.connections !== next.connections) graph = next;
    return graph;
  };
}

/**
 * Nodes and connections of the flow. Not gated on the first pull like useCached: the editor shows them only once
 * the flow row is cached, and reading the pull's meta row here would re-read the whole graph after every pull.
 */
export function useCachedGraph(flowId: string): EditorGraph | undefined {
  const { db } = useSyncEngine();
  const [share] = useState(createGraphSharer);
  return useLiveQuery(async () => {
    const [nodes, connections] = await Promise.all([
      db.flowNodes.where('flowId').equals(flowId).toArray(),
      db.flowConnections.where('flowId').equals(flowId).toArray(),
    ]);
    return share({ nodes: nodes.sort(byOrder), connections: connections.sort(byCreation) });
  }, [db, flowId, share]);
}

/**
 * The callback values some flow of the bot answers: the buttonData of its trigger_button_clicked nodes. A
 * callback button whose value is not among them does nothing when pressed, and its panel says so.
 */
export function useListenedButtonData(botId: string): ReadonlySet<string> | undefined {
  const answers = useButtonAnswers(botId);
  return useMemo(() => (answers ? new Set(answers.keys()) : undefined), [answers]);
}
