/**
 * The canvas's zoom and opening view (docs/product.md#limits): zoom 0.2–2 starting at 0.8; a flow with nodes opens
 * fitted to them with padding 0.1, and a small flow is not zoomed past the 0.8 starting zoom.
 */
import { getViewportForBounds, type Viewport } from '@xyflow/react';
import type { FlowNode } from '@shared/flows/graph.ts';
import { DEFAULT_NODE_SIZE } from '../../model/placement.ts';

/** Below this zoom the canvas is "far" (flow-canvas.css): details a card cannot show legibly are skipped. */
export const FAR_ZOOM = 0.35;
export const isFar = (state: { transform: [number, number, number] }) => state.transform[2] < FAR_ZOOM;

/**
 * `includeHiddenNodes` (there are none) makes xyflow count the cards not measured yet at their estimated size
 * (estimatedHandles): off the screen on opening, they are only measured once in view.
 */
export const FIT_VIEW_OPTIONS = { padding: 0.1, maxZoom: 0.8, includeHiddenNodes: true };
export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 2;
export const ZOOM_LIMITS = { min: MIN_ZOOM, max: MAX_ZOOM };
export const START_VIEWPORT: Viewport = { x: 40, y: 40, zoom: 0.8 };

/**
 * Where a flow that opens fitted starts, before xyflow's own fit (which needs every card measured, so it comes
 * after the first render): the same fit over the window with the default card size. xyflow renders every card
 * once to measure it, and a big flow then does it already zoomed out, with the light cards (useFar), instead of
 * a thousand full cards at 0.8.
 */
export function estimatedFit(nodes: FlowNode[]): Viewport {
  const xs = nodes.map((n) => n.position.x);
  const ys = nodes.map((n) => n.position.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  const bounds = { x, y, width: Math.max(...xs) - x + DEFAULT_NODE_SIZE.width, height: Math.max(...ys) - y + DEFAULT_NODE_SIZE.height };
  return getViewportForBounds(bounds, window.innerWidth, window.innerHeight, MIN_ZOOM, FIT_VIEW_OPTIONS.maxZoom, FIT_VIEW_OPTIONS.padding);
}
