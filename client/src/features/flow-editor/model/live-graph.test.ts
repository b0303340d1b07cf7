import { describe, expect, test } from 'bun:test';
import { newNode } from './new-node.ts';
import { createPositionMerger, settleOverlay, withPositions } from './position-overlay.ts';
import { createRowSharer, stableJson } from './shared-rows.ts';

const FLOW = crypto.randomUUID();
const a = newNode(FLOW, 'send_text', { x: 0, y: 0 }, 0);
const b = newNode(FLOW, 'delay', { x: 0, y: 200 }, 1);
const fresh = <T>(row: T): T => structuredClone(row);

describe('live graph rows', () => {
  test('a tick that changes nothing answers the previous array; a changed row alone gets a new object', () => {
    const share = createRowSharer<typeof a>();
    const first = share([a, b]);
    expect(share([fresh(a), fresh(b)])).toBe(first);
    const changed = { ...fresh(b), label: 'Espera' };
    const third = share([fresh(a), changed]);
    expect(third).not.toBe(first);
    expect(third[0]).toBe(a);
    expect(third[1]).toBe(changed);
  });

  test('key order is not a change (the server stores JSONB)', () => {
    expect(stableJson({ y: 1, x: { b: 2, a: [{ d: 1, c: 2 }] } })).toBe(stableJson({ x: { a: [{ c: 2, d: 1 }], b: 2 }, y: 1 }));
  });
});

describe('unsaved positions', () => {
  test('moved nodes show their new position and keep their object while it does not change', () => {
    const merge = createPositionMerger();
    const overlay = withPositions(new Map(), new Map([[a.id, { x: 30, y: 15 }]]));
    const first = merge([a, b], overlay);
    expect(first[0]?.position).toEqual({ x: 30, y: 15 });
    expect(first[1]).toBe(b);
    const dragged = withPositions(overlay, new Map([[b.id, { x: 5, y: 5 }]]));
    expect(merge([a, b], dragged)[0]).toBe(first[0] as never);
  });

  test('entries leave once the cache holds the same position or the node is gone', () => {
    const overlay = withPositions(new Map(), new Map([[a.id, { x: 30, y: 15 }], [b.id, { x: 1, y: 1 }]]));
    expect(settleOverlay(overlay, [a, b])).toBe(overlay);
    const saved = settleOverlay(overlay, [{ ...a, position: { x: 30, y: 15 } }, b]);
    expect([...saved.keys()]).toEqual([b.id]);
    expect(settleOverlay(saved, [a]).size).toBe(0);
  });
});
