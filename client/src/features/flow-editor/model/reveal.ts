/**
 * The node panel never hides the selected node: when its card is not wholly inside the part of the canvas left
 * visible (beside the laptop panel, above the phone sheet), the viewport moves, zoom kept, by no more than it must,
 * so clicking a card never re-centres the canvas under the pointer. A box too big for the area shows its top left.
 */
import type { Box } from './placement.ts';

export type Viewport = { x: number; y: number; zoom: number };
/** The visible part of the canvas, in pixels from the canvas's top-left corner. */
export type Area = { left: number; top: number; right: number; bottom: number };

const MARGIN = 16;

/** The shift along one axis that brings [start, end] inside [low, high] (its start first when it cannot fit). */
function shift(start: number, end: number, low: number, high: number): number {
  if (end - start > high - low || start < low) return low - start;
  return end > high ? high - end : 0;
}

export function revealViewport(node: Box, viewport: Viewport, area: Area): Viewport | null {
  const { zoom } = viewport;
  const left = viewport.x + node.x * zoom;
  const top = viewport.y + node.y * zoom;
  const dx = shift(left, left + node.width * zoom, area.left + MARGIN, area.right - MARGIN);
  const dy = shift(top, top + node.height * zoom, area.top + MARGIN, area.bottom - MARGIN);
  return dx === 0 && dy === 0 ? null : { x: viewport.x + dx, y: viewport.y + dy, zoom };
}

/** The smallest box holding both. */
export const unionBox = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};
