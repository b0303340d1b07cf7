import { useReactFlow } from '@xyflow/react';
import { useEffect, type RefObject } from 'react';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { DEFAULT_NODE_SIZE } from '../../model/placement.ts';
import type { Box } from '../../model/placement.ts';
import { revealViewport, unionBox } from '../../model/reveal.ts';
import type { MeasuredSizes } from '../../model/xyflow-mapping.ts';

/** A node just added after another: both are shown together when they fit. */
export type RevealWith = { nodeId: string; parentId: string };

type Elements = {
  canvasRef: RefObject<HTMLDivElement | null>;
  panelRef: RefObject<HTMLElement | null>;
  sizesRef: RefObject<MeasuredSizes>;
  revealWithRef: RefObject<RevealWith | null>;
};

/**
 * The panel never hides its node: once it is open (or another node is picked), the canvas pans if it must, by no
 * more than it must (model/reveal.ts). A node added by a card's "+" is shown with that card when both fit.
 */
export function useRevealSelected(selectedId: string | undefined, phone: boolean, editor: FlowEditor, { canvasRef, panelRef, sizesRef, revealWithRef }: Elements) {
  const { getViewport, setViewport } = useReactFlow();
  useEffect(() => {
    if (!selectedId) return;
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current?.getBoundingClientRect();
      const nodes = editor.graphRef.current.nodes;
      const node = nodes.find((n) => n.id === selectedId);
      if (!canvas || !node) return;
      const boxOf = (n: typeof node): Box => ({ ...n.position, ...(sizesRef.current.get(n.id) ?? DEFAULT_NODE_SIZE) });
      const companion = revealWithRef.current?.nodeId === selectedId ? nodes.find((n) => n.id === revealWithRef.current?.parentId) : undefined;
      revealWithRef.current = null;
      const panel = panelRef.current?.getBoundingClientRect();
      // Beside the laptop panel the canvas is already narrower; over a phone it ends where the sheet begins.
      const bottom = phone && panel ? Math.min(canvas.height, panel.top - canvas.top) : canvas.height;
      const viewport = getViewport();
      const both = companion && unionBox(boxOf(node), boxOf(companion));
      const fits = both && both.width * viewport.zoom <= canvas.width - 32 && both.height * viewport.zoom <= bottom - 32;
      const next = revealViewport(fits ? both : boxOf(node), viewport, { left: 0, top: 0, right: canvas.width, bottom });
      if (next) void setViewport(next, { duration: 200 });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, phone, editor, getViewport, setViewport, canvasRef, panelRef, sizesRef, revealWithRef]);
}
