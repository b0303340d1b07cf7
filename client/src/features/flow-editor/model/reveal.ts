/**
 * The node panel never hides the selected node: when its card is not wholly inside the part of the canvas left
 * visible (beside the laptop panel, above the phone sheet), the viewport is moved, zoom kept, so it is.
 */
import type { Box } from './placement.ts';

export type Viewport = { x: number; y: number; zoom: number };
/** The visible part of the canvas, in pixels from the canvas's top-left corner. */
export type Area = { left: number; top: number; right: number; bottom: number };

const MARGIN = 16;

export function revealViewport(node: Box, viewport: Viewport, area: Area): Viewport | null {
  const { zoom } = viewport;
  const left = viewport.x + node.x * zoom;
  const top = viewport.y + node.y * zoom;
  const width = node.width * zoom;
  const height = node.height * zoom;
  const inside = left >= area.left + MARGIN && left + width <= area.right - MARGIN && top >= area.top + MARGIN && top + height <= area.bottom - MARGIN;
  if (inside) return null;
  const x = (area.left + area.right) / 2 - (node.x + node.width / 2) * zoom;
  const fitsHeight = height + 2 * MARGIN <= area.bottom - area.top;
  const y = fitsHeight ? (area.top + area.bottom) / 2 - (node.y + node.height / 2) * zoom : area.top + MARGIN - node.y * zoom;
  return { x, y, zoom };
}
