/**
 * Visits and button clicks per node for the cards. The analytics query is observed once, here, and handed down as
 * a Map through context: cards mount and unmount constantly while a big flow pans (only visible ones render), and
 * a query observer per card made each mount cost more than the card itself. The Map only changes when the
 * figures do (the query keeps the same data object when a refetch brings nothing new).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useFlowAnalytics, type NodeFigures } from '../../api/get-flow-analytics.ts';

type Figures = Pick<NodeFigures, 'visits' | 'buttonClicks'>;

const NONE: Figures = { visits: 0, buttonClicks: [] };
const NO_FIGURES: ReadonlyMap<string, Figures> = new Map();
const NodeFiguresContext = createContext(NO_FIGURES);

export function NodeFiguresProvider({ flowId, children }: { flowId: string; children: ReactNode }) {
  const { data } = useFlowAnalytics(flowId);
  const nodes = data?.nodes;
  // A flow that never ran keeps the very same empty Map: its first answer re-renders no card.
  const figures = useMemo(() => (nodes?.length ? new Map(nodes.map((node) => [node.nodeId, node])) : NO_FIGURES), [nodes]);
  return <NodeFiguresContext.Provider value={figures}>{children}</NodeFiguresContext.Provider>;
}

/** One node's visits and clicks (zero until it has any). */
export const useNodeFigures = (nodeId: string): Figures => useContext(NodeFiguresContext).get(nodeId) ?? NONE;
