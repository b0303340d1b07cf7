import { useEffect, type RefObject } from 'react';

/**
 * A double click zooms in on the empty canvas only. xyflow's zoom takes it anywhere, a card included, so a quick
 * second click on a card to edit it used to zoom the canvas: caught on the way down (capture, on the frame above
 * xyflow's zoom pane), it never reaches the pane when it landed on a card, a connection or a control.
 */
export function usePaneDoubleClick(frameRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const guard = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('.react-flow__node, .react-flow__edge, .react-flow__controls')) event.stopPropagation();
    };
    frame.addEventListener('dblclick', guard, true);
    return () => frame.removeEventListener('dblclick', guard, true);
  }, [frameRef]);
}
