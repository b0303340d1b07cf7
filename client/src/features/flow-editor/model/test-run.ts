/**
 * The editor's simulated chat over POST /flows/{id}/test. The server's dry run walks the flow from every trigger;
 * here the steps are cut into one run per trigger and only the runs the operator's message (or button) would
 * start are shown: their replies in the chat, their path on the canvas.
 */
import type { ExecutionStep } from '@shared/flows/executions.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { commandArgs, messageMatches } from '@shared/flows/matching.ts';
import { buttonRows } from './xyflow-mapping.ts';

export type TestInput = { kind: 'message'; text: string } | { kind: 'button'; value: string };
export type TestReply = { nodeId: string; text: string; buttons: { text: string; value: string; type: string }[] };
export type TestOutcome = { replies: TestReply[]; nodes: Set<string>; edges: Set<string>; matched: boolean };

const SENDS = new Set(['send_text', 'send_media', 'send_buttons']);

function starts(trigger: FlowNode, input: TestInput): boolean {
  const config = trigger.config;
  if (input.kind === 'button') return trigger.subType === 'trigger_button_clicked' && String(config.buttonData ?? '').trim() === input.value.trim();
  if (trigger.subType === 'trigger_message') return messageMatches(String(config.pattern ?? ''), input.text);
  if (trigger.subType === 'trigger_command') return commandArgs(String(config.command ?? ''), input.text, undefined) !== undefined;
  return false;
}

export function outcomeFor(steps: readonly ExecutionStep[], nodes: readonly FlowNode[], connections: readonly FlowConnection[], input: TestInput): TestOutcome {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const runs: ExecutionStep[][] = [];
  for (const step of steps) {
    if (step.subType.startsWith('trigger_') || runs.length === 0) runs.push([]);
    runs.at(-1)?.push(step);
  }
  const outcome: TestOutcome = { replies: [], nodes: new Set(), edges: new Set(), matched: false };
  for (const run of runs) {
    const trigger = byId.get(run[0]?.nodeId ?? '');
    if (!trigger || !starts(trigger, input)) continue;
    outcome.matched = true;
    run.forEach((step, i) => {
      outcome.nodes.add(step.nodeId);
      const next = run[i + 1];
      const edge = next && connections.find((c) => c.sourceNodeId === step.nodeId && c.targetNodeId === next.nodeId && (step.handle === null || c.sourceHandle === step.handle));
      if (edge) outcome.edges.add(edge.id);
      const node = byId.get(step.nodeId);
      if (node && SENDS.has(step.subType) && step.outcome !== 'skipped') {
        outcome.replies.push({ nodeId: node.id, text: step.detail ?? '', buttons: node.subType === 'send_buttons' ? buttonRows(node.config).flat() : [] });
      }
    });
  }
  return outcome;
}
