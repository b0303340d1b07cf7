/**
 * Where a new node goes: the free spot nearest the wanted one, so a card never lands on top of another (a node
 * from the library near the visible centre, the next step below the node it follows).
 */
import type { XY } from './graph-actions.ts';

export type Size = { width: number; height: number };
export type Box = XY & Size;

/** A card's size before xyflow measured it: 280 wide (docs/product.md#screen-flow-editor), a typical height. */
export const DEFAULT_NODE_SIZE: Size = { width: 280, height: 140 };
/** Room kept free around a card, so handles and the "+" stay clickable. */
export const NODE_GAP = 30;
const STEP = 30;
const RINGS = 40;

export const overlaps = (a: Box, b: Box, gap = NODE_GAP) =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

const snap = (value: number) => Math.round(value / 15) * 15;

/**
 * The spot nearest `wanted` (on the 15 px grid) where a card of `size` touches no box; candidates are tried ring
 * by ring around it, nearer first, right and down before left and up.
 */
export function freeSpot(wanted: XY, size: Size, boxes: readonly Box[]): XY {
  const origin = { x: snap(wanted.x), y: snap(wanted.y) };
  const fits = (p: XY) => !boxes.some((box) => overlaps({ ...p, ...size }, box));
  if (fits(origin)) return origin;
  for (let ring = 1; ring <= RINGS; ring++) {
    const candidates: XY[] = [];
    for (let dx = -ring; dx <= ring; dx++) {
      for (let dy = -ring; dy <= ring; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) === ring) candidates.push({ x: origin.x + dx * STEP, y: origin.y + dy * STEP });
      }
    }
    const cost = (p: XY) => Math.hypot(p.x - origin.x, p.y - origin.y) + (p.x < origin.x ? 1 : 0) + (p.y < origin.y ? 0.5 : 0);
    const found = candidates.sort((a, b) => cost(a) - cost(b)).find(fits);
    if (found) return found;
  }
  // A canvas packed this far around: below everything.
  return { x: origin.x, y: snap(Math.max(origin.y, ...boxes.map((b) => b.y + b.height + NODE_GAP))) };
}

/**
 * The next step after `source` (its "+"): below it, in line, past the "+" button, in the nearest free spot. A flow
 * reads top to bottom, as Organizar lays it out, and a laptop's canvas keeps both in view more easily that way.
 */
export const below = (source: Box, size: Size, boxes: readonly Box[]) => freeSpot({ x: source.x, y: source.y + source.height + 90 }, size, boxes);
