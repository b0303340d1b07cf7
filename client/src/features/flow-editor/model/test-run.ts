/**
 * The editor's simulated chat over POST /flows/{id}/test. The server matches the operator's message (or button)
 * against the flow's triggers as the engine does and walks only the runs it starts (docs/decisions.md#d-flow-engine);
 * here its steps become the bot's replies and the path lit on the canvas.
 */
import type { ExecutionStep } from '@shared/flows/executions.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { delayText } from './delay-text.ts';
import { buttonRows } from './xyflow-mapping.ts';

/** What the contact does: sends a text, or presses a button of a reply (`from`: the node that sent it). */
export type TestInput = { kind: 'message'; text: string } | { kind: 'button'; value: string; from: string };
export type TestReply = { nodeId: string; text: string; buttons: { text: string; value: string; type: string }[] };
/** What the contact would see, in order: the bot's replies, and the waits of delay nodes between them. */
export type TestTranscriptLine = ({ kind: 'reply' } & TestReply) | { kind: 'wait'; nodeId: string; text: string };
export type TestOutcome = { transcript: TestTranscriptLine[]; nodes: Set<string>; edges: Set<string>; matched: boolean };

const SENDS = new Set(['send_text', 'send_media', 'send_buttons']);

/** One run per trigger step (a flow button's run starts at its target, with no trigger). */
function splitRuns(steps: readonly ExecutionStep[]): ExecutionStep[][] {
  const runs: ExecutionStep[][] = [];
  for (const step of steps) {
    if (step.subType.startsWith('trigger_') || runs.length === 0) runs.push([]);
    runs.at(-1)?.push(step);
  }
  return runs;
}

export function outcomeFor(steps: readonly ExecutionStep[], nodes: readonly FlowNode[], connections: readonly FlowConnection[], input: TestInput): TestOutcome {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const outcome: TestOutcome = { transcript: [], nodes: new Set(), edges: new Set(), matched: steps.length > 0 };
  const first = steps[0];
  if (input.kind === 'button' && first && !first.subType.startsWith('trigger_')) {
    // A flow button's press: its edge from the node that sent the button is part of the path.
    const pressed = connections.find((c) => c.sourceNodeId === input.from && c.targetNodeId === first.nodeId && c.sourceHandle.startsWith('button_'));
    if (pressed) {
      outcome.nodes.add(input.from);
      outcome.edges.add(pressed.id);
    }
  }
  for (const run of splitRuns(steps)) {
    run.forEach((step, i) => {
      outcome.nodes.add(step.nodeId);
      // The walk followed this step's handle to the targets it visited next, in this run.
      const later = new Set(run.slice(i + 1).map((s) => s.nodeId));
      for (const c of connections) {
        if (step.handle !== null && c.sourceNodeId === step.nodeId && c.sourceHandle === step.handle && later.has(c.targetNodeId)) outcome.edges.add(c.id);
      }
      const line = transcriptLine(step, byId.get(step.nodeId));
      if (line) outcome.transcript.push(line);
    });
  }
  return outcome;
}

/** A send step's reply, or a delay step's wait ("⏱ aguardaria 3 s", from the node's duration and unit). */
function transcriptLine(step: ExecutionStep, node: FlowNode | undefined): TestTranscriptLine | undefined {
  if (!node || step.outcome === 'skipped') return undefined;
  if (SENDS.has(step.subType)) {
    return { kind: 'reply', nodeId: node.id, text: step.detail ?? '', buttons: node.subType === 'send_buttons' ? buttonRows(node.config).flat() : [] };
  }
  if (step.subType !== 'delay') return undefined;
  const duration = typeof node.config.duration === 'number' ? node.config.duration : 0;
  return { kind: 'wait', nodeId: node.id, text: `⏱ aguardaria ${delayText(duration, String(node.config.unit ?? 'seconds'))}` };
}
