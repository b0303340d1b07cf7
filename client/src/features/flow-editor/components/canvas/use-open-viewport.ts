import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef, useState } from 'react';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { estimatedFit, FIT_VIEW_OPTIONS, START_VIEWPORT } from './viewport.ts';

/**
 * The view the canvas opens at. Fit once, on open, and only a flow that has nodes: an empty flow keeps the default
 * viewport, and a first node added later must not make the view jump to it. The cache may hold the flow before its
 * nodes (created elsewhere, not pulled yet): when they arrive by the pull after opening, before the user did
 * anything here, fit to them then (xyflow queues it until they are measured).
 */
export function useOpenViewport(editor: FlowEditor) {
  const { graph } = editor;
  const [fitOnOpen] = useState(() => graph.nodes.length > 0);
  const [startViewport] = useState(() => (fitOnOpen ? estimatedFit(graph.nodes) : START_VIEWPORT));
  const { fitView } = useReactFlow();
  const fitted = useRef(fitOnOpen);
  const acted = editor.canUndo || editor.canRedo;
  useEffect(() => {
    if (fitted.current || graph.nodes.length === 0) return;
    fitted.current = true;
    if (!acted) void fitView(FIT_VIEW_OPTIONS);
  }, [graph.nodes.length, acted, fitView]);
  return { fitOnOpen, startViewport };
}
