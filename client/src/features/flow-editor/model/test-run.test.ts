import { describe, expect, test } from 'bun:test';
import type { ExecutionStep } from '@shared/flows/executions.ts';
import type { FlowConnection } from '@shared/flows/graph.ts';
import { newNode } from './new-node.ts';
import { delayText } from './delay-text.ts';
import { outcomeFor } from './test-run.ts';

const FLOW = crypto.randomUUID();
const link = (source: string, target: string, sourceHandle = 'default'): FlowConnection => ({
  id: `${source}>${target}`, flowId: FLOW, sourceNodeId: source, targetNodeId: target, sourceHandle, targetHandle: 'default', label: null, createdAt: '',
});
const step = (nodeId: string, subType: string, detail: string | null = null, handle: string | null = 'default'): ExecutionStep => ({
  nodeId, subType, outcome: subType.startsWith('send_') ? 'dry_run' : 'ok', handle, detail, at: '', ms: 0, externalMs: 0,
});

describe('the simulated chat over the server\'s steps', () => {
  const start = newNode(FLOW, 'trigger_command', { x: 0, y: 0 }, 0);
  const menu = { ...newNode(FLOW, 'send_buttons', { x: 0, y: 0 }, 0), config: { message: 'Menu', buttons: [[{ text: 'Mais', type: 'callback', value: 'flow_x' }]] } };
  const a = newNode(FLOW, 'send_text', { x: 0, y: 0 }, 0);
  const b = newNode(FLOW, 'send_text', { x: 0, y: 0 }, 0);
  const nodes = [start, menu, a, b];
  const connections = [link(start.id, menu.id), link(start.id, a.id), link(menu.id, b.id, 'button_0_0'), link(a.id, b.id)];

  test('every step the server walked is on the path, with the edges it followed, branches included', () => {
    const outcome = outcomeFor([step(start.id, 'trigger_command'), step(menu.id, 'send_buttons', 'Menu'), step(a.id, 'send_text', 'A')], nodes, connections, { kind: 'message', text: '/start' });
    expect(outcome.matched).toBe(true);
    expect([...outcome.nodes]).toEqual([start.id, menu.id, a.id]);
    // start → menu and start → a (a branch, not consecutive steps); the button edge was not pressed.
    expect([...outcome.edges].sort()).toEqual([`${start.id}>${a.id}`, `${start.id}>${menu.id}`].sort());
    expect(outcome.transcript.map((r) => [r.text, r.kind === 'reply' ? r.buttons.map((button) => button.text) : []])).toEqual([['Menu', ['Mais']], ['A', []]]);
  });

  test('a flow button\'s press lights the button edge from the node that sent it', () => {
    const outcome = outcomeFor([step(b.id, 'send_text', 'B')], nodes, connections, { kind: 'button', value: `flow_${b.id}`, from: menu.id });
    expect([...outcome.nodes].sort()).toEqual([menu.id, b.id].sort());
    expect([...outcome.edges]).toEqual([`${menu.id}>${b.id}`]);
    expect(outcome.transcript.map((r) => r.text)).toEqual(['B']);
  });

  test('no steps: nothing answered', () => {
    expect(outcomeFor([], nodes, connections, { kind: 'message', text: 'oi' })).toMatchObject({ matched: false, transcript: [] });
  });

  test('a delay shows in the transcript where it waits, in pt-BR short units', () => {
    const wait = { ...newNode(FLOW, 'delay', { x: 0, y: 0 }, 0), config: { duration: 3, unit: 'seconds' } };
    const steps = [step(start.id, 'trigger_command'), step(a.id, 'send_text', 'A'), { ...step(wait.id, 'delay', 'aguardaria 3 seconds'), outcome: 'dry_run' }, step(b.id, 'send_text', 'B')];
    const outcome = outcomeFor(steps, [...nodes, wait], connections, { kind: 'message', text: '/start' });
    expect(outcome.transcript.map((line) => `${line.kind}:${line.text}`)).toEqual(['reply:A', 'wait:⏱ aguardaria 3 s', 'reply:B']);
  });
});

describe('delays in pt-BR', () => {
  test('seconds, minutes and hours in short units, mixed when they do not divide', () => {
    expect(delayText(3, 'seconds')).toBe('3 s');
    expect(delayText(90, 'seconds')).toBe('1 min 30 s');
    expect(delayText(5, 'minutes')).toBe('5 min');
    expect(delayText(120, 'minutes')).toBe('2 h');
    expect(delayText(2, 'hours')).toBe('2 h');
    expect(delayText(3725, 'seconds')).toBe('1 h 2 min 5 s');
  });
});
