/**
 * The texts of a node that reach the Telegram user, checked for unknown variables (docs/decisions.md#d-flow-variables):
 * a `{first_name}` would otherwise arrive literally, unnoticed.
 */
import { unknownVariables, type VariableIssue } from '@shared/flows/variables.ts';
import type { FlowNode } from '@shared/flows/graph.ts';

const SENT_TEXTS = ['message', 'caption'] as const;

export function configVariableIssues(config: Record<string, unknown>): VariableIssue[] {
  const seen = new Set<string>();
  return SENT_TEXTS.flatMap((key) => (typeof config[key] === 'string' ? unknownVariables(config[key], 'flow') : [])).filter((issue) => !seen.has(issue.found) && seen.add(issue.found));
}

/** The flow's nodes with unknown variables, for the warning of Salvar: 'Enviar texto: Variável desconhecida: …'. */
export function flowVariableWarning(nodes: readonly FlowNode[]): string | undefined {
  const lines = nodes.flatMap((node) => configVariableIssues(node.config).map((issue) => `${node.label}: ${issue.message}`));
  return lines.length > 0 ? lines.join('\n') : undefined;
}
