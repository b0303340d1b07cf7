/**
 * What a screen reader says of a connection (xyflow's edge aria-label, which defaults to the English "Edge from
 * <id> to <id>"): the node titles, and the branch or button it leaves from when it is not the default output.
 */
import { parseButtonHandle } from '@shared/flows/buttons.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { buttonRows } from './xyflow-mapping.ts';

const BRANCHES: Record<string, string> = { true: 'se verdadeiro', false: 'se falso' };

function exit(source: FlowNode, handle: string): string {
  const branch = BRANCHES[handle];
  if (branch) return ` (${branch})`;
  const button = parseButtonHandle(handle);
  const text = button ? buttonRows(source.config)[button.row]?.[button.index]?.text : undefined;
  return text ? ` (botão «${text}»)` : '';
}

export function edgeLabel(connection: Pick<FlowConnection, 'sourceHandle'>, source: FlowNode, target: FlowNode): string {
  return `Conexão de «${source.label}»${exit(source, connection.sourceHandle)} para «${target.label}»`;
}
