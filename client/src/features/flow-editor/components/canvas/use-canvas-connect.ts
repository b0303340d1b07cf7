import type { Connection, Edge, OnConnectEnd } from '@xyflow/react';
import { useCallback, type MouseEvent as ReactMouseEvent } from 'react';
import type { FlowConnection } from '@shared/flows/graph.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { connectAction } from '../../model/button-edges.ts';
import type { XY } from '../../model/graph-actions.ts';
import type { CardNode } from '../../model/xyflow-mapping.ts';
import type { OpenDrop } from './selection.ts';

type Handlers = {
  onConnectionDrop: (drop: OpenDrop) => void;
  onNodeMenu: (nodeId: string, at: XY) => void;
  onEdgeClick: (connection: FlowConnection) => void;
};

/**
 * Connecting and pointing on the canvas: a connection between two handles (never a node to itself, never twice the
 * same), a connection dropped on an empty spot (not near any handle) asks for the node to add there, a right click
 * opens a card's menu, a click on a connection asks to remove it.
 */
export function useCanvasConnect(flowId: string, editor: FlowEditor, { onConnectionDrop, onNodeMenu, onEdgeClick }: Handlers) {
  const onConnect = useCallback(
    (params: Connection) => {
      const sourceHandle = params.sourceHandle ?? 'default';
      const targetHandle = params.targetHandle ?? 'default';
      if (params.source === params.target) return;
      const exists = editor.graphRef.current.connections.some(
        (c) => c.sourceNodeId === params.source && c.targetNodeId === params.target && c.sourceHandle === sourceHandle,
      );
      if (exists) return;
      const connection: FlowConnection = {
        id: crypto.randomUUID(),
        flowId,
        sourceNodeId: params.source,
        targetNodeId: params.target,
        sourceHandle,
        targetHandle,
        label: null,
        createdAt: new Date().toISOString(),
      };
      void editor.dispatch(connectAction(editor.graphRef.current, connection));
    },
    [editor, flowId],
  );

  const onConnectEnd: OnConnectEnd = useCallback(
    (_event, state) => {
      if (state.isValid !== null || !state.fromNode || !state.to || state.fromHandle?.type !== 'source') return;
      onConnectionDrop({ nodeId: state.fromNode.id, handle: state.fromHandle.id ?? 'default', at: state.to });
    },
    [onConnectionDrop],
  );

  const onNodeContextMenu = useCallback(
    (event: ReactMouseEvent, node: CardNode) => {
      event.preventDefault();
      onNodeMenu(node.id, { x: event.clientX, y: event.clientY });
    },
    [onNodeMenu],
  );

  const handleEdgeClick = useCallback(
    (_event: unknown, edge: Edge) => {
      const connection = editor.graphRef.current.connections.find((c) => c.id === edge.id);
      if (connection) onEdgeClick(connection);
    },
    [editor, onEdgeClick],
  );

  return { onConnect, onConnectEnd, onNodeContextMenu, onEdgeClick: handleEdgeClick };
}
