import { describe, expect, test } from 'bun:test';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { autoLayout } from './auto-layout.ts';
import { newNode } from './new-node.ts';
import { below, DEFAULT_NODE_SIZE, freeSpot, overlaps, type Box } from './placement.ts';
import { revealViewport, unionBox } from './reveal.ts';

const FLOW = crypto.randomUUID();
const box = (x: number, y: number): Box => ({ x, y, ...DEFAULT_NODE_SIZE });
const edge = (a: FlowNode, b: FlowNode): FlowConnection => ({
  id: crypto.randomUUID(), flowId: FLOW, sourceNodeId: a.id, targetNodeId: b.id, sourceHandle: 'default', targetHandle: 'default', label: null, createdAt: '',
});

describe('free space for new nodes', () => {
  test('an empty spot is taken as is (on the grid); a taken one moves to the nearest free spot', () => {
    expect(freeSpot({ x: 7, y: 22 }, DEFAULT_NODE_SIZE, [])).toEqual({ x: 0, y: 15 });
    const boxes = [box(0, 0), box(0, 200), box(330, 0)];
    const spot = freeSpot({ x: 10, y: 10 }, DEFAULT_NODE_SIZE, boxes);
    expect(boxes.some((b) => overlaps({ ...spot, ...DEFAULT_NODE_SIZE }, b))).toBe(false);
    expect(Math.hypot(spot.x, spot.y)).toBeLessThan(500);
  });
  test('twenty nodes added at the same centre never overlap', () => {
    const boxes: Box[] = [];
    for (let i = 0; i < 20; i++) boxes.push({ ...freeSpot({ x: 100, y: 100 }, DEFAULT_NODE_SIZE, boxes), ...DEFAULT_NODE_SIZE });
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlaps(a, b, 0)).toBe(false);
  });
  test('the next step goes below its source, in line with it, past the "+" under it', () => {
    const source = box(0, 0);
    const spot = below(source, DEFAULT_NODE_SIZE, [source]);
    expect(spot.x).toBe(0);
    expect(spot.y).toBeGreaterThanOrEqual(source.height + 60);
    // Taken below: the nearest free spot, still under the source rather than beside it when there is room.
    const taken = box(0, 240);
    const moved = below(source, DEFAULT_NODE_SIZE, [source, taken]);
    expect(overlaps({ ...moved, ...DEFAULT_NODE_SIZE }, taken)).toBe(false);
  });
});

describe('the panel never hides the selected node', () => {
  const area = { left: 0, top: 0, right: 390, bottom: 400 };
  test('a node already visible leaves the viewport alone', () => {
    expect(revealViewport(box(20, 20), { x: 0, y: 0, zoom: 1 }, area)).toBeNull();
  });
  test('a node under the sheet is brought into the visible part, zoom kept', () => {
    const next = revealViewport(box(20, 600), { x: 0, y: 0, zoom: 0.8 }, area);
    expect(next?.zoom).toBe(0.8);
    const top = (next?.y ?? 0) + 600 * 0.8;
    expect(top).toBeGreaterThanOrEqual(16);
    expect(top + 140 * 0.8).toBeLessThanOrEqual(400 - 16);
  });
  test('a node partly out of view moves in by no more than it must, never re-centred', () => {
    const wide = { left: 0, top: 0, right: 800, bottom: 600 };
    // 100 px past the right edge (and margin): the view moves 116 px left, not to the middle.
    expect(revealViewport(box(600, 100), { x: 0, y: 0, zoom: 1 }, wide)).toEqual({ x: -96, y: 0, zoom: 1 });
    expect(revealViewport(box(-50, 100), { x: 0, y: 0, zoom: 1 }, wide)).toEqual({ x: 66, y: 0, zoom: 1 });
  });
  test('a node and the one it follows are shown together', () => {
    const wide = { left: 0, top: 0, right: 800, bottom: 600 };
    const parent = box(100, 100);
    const child = box(100, 500);
    const next = revealViewport(unionBox(parent, child), { x: 0, y: 0, zoom: 1 }, wide);
    expect(next).toEqual({ x: 0, y: -56, zoom: 1 });
    expect((next?.y ?? 0) + 100).toBeGreaterThanOrEqual(16);
  });
});

describe('Organizar', () => {
  test('lays a chain out top to bottom without overlaps, on the grid, starting where the flow was', async () => {
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => newNode(FLOW, 'send_text', { x: 300 + i * 7, y: 300 }, i)) as [FlowNode, FlowNode, FlowNode, FlowNode];
    const moves = await autoLayout([a, b, c, d], [edge(a, b), edge(b, c), edge(b, d)], new Map());
    const at = new Map(moves.map((m) => [m.nodeId, m.to]));
    const pos = (n: FlowNode) => at.get(n.id) ?? n.position;
    expect(pos(b).y).toBeGreaterThan(pos(a).y);
    expect(pos(c).y).toBeGreaterThan(pos(b).y);
    expect(pos(c).y).toBe(pos(d).y);
    const boxes = [a, b, c, d].map((n) => ({ ...pos(n), ...DEFAULT_NODE_SIZE }));
    for (const [i, x] of boxes.entries()) for (const y of boxes.slice(i + 1)) expect(overlaps(x, y, 0)).toBe(false);
    for (const p of boxes) expect([p.x % 15, p.y % 15]).toEqual([0, 0]);
    expect(Math.min(...boxes.map((p) => p.y))).toBe(300);
  });
});
