import { useReactFlow } from '@xyflow/react';
import { useEffect, type RefObject } from 'react';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { DEFAULT_NODE_SIZE } from '../../model/placement.ts';
import { revealViewport } from '../../model/reveal.ts';
import type { MeasuredSizes } from '../../model/xyflow-mapping.ts';

type Elements = { canvasRef: RefObject<HTMLDivElement | null>; panelRef: RefObject<HTMLElement | null>; sizesRef: RefObject<MeasuredSizes> };

/** The panel never hides its node: once it is open (or another node is picked), the canvas pans if it must. */
export function useRevealSelected(selectedId: string | undefined, phone: boolean, editor: FlowEditor, { canvasRef, panelRef, sizesRef }: Elements) {
  const { getViewport, setViewport } = useReactFlow();
  useEffect(() => {
    if (!selectedId) return;
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current?.getBoundingClientRect();
      const node = editor.graphRef.current.nodes.find((n) => n.id === selectedId);
      if (!canvas || !node) return;
      const panel = panelRef.current?.getBoundingClientRect();
      // Beside the laptop panel the canvas is already narrower; over a phone it ends where the sheet begins.
      const bottom = phone && panel ? Math.min(canvas.height, panel.top - canvas.top) : canvas.height;
      const next = revealViewport({ ...node.position, ...(sizesRef.current.get(node.id) ?? DEFAULT_NODE_SIZE) }, getViewport(), { left: 0, top: 0, right: canvas.width, bottom });
      if (next) void setViewport(next, { duration: 200 });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, phone, editor, getViewport, setViewport, canvasRef, panelRef, sizesRef]);
}
