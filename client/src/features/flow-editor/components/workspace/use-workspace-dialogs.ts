import { useCallback, useMemo, useState } from 'react';
import type { FlowConnection } from '@shared/flows/graph.ts';
import type { XY } from '../../model/graph-actions.ts';
import type { OpenDrop } from '../canvas/selection.ts';
import type { EditorContextValue } from './editor-context.ts';
import type { PickerTarget } from './use-node-commands.ts';

/**
 * What the workspace opens over the canvas: the library sheet (and where it adds), a node's menu, and the nodes or
 * connection waiting for their delete confirmation. The callbacks and the cards' context keep their identity, so
 * opening one never re-renders the cards.
 */
export function useWorkspaceDialogs() {
  const [picker, setPicker] = useState<PickerTarget | null>(null);
  const [menu, setMenu] = useState<{ nodeId: string; at: XY } | null>(null);
  const [deletingNodes, setDeletingNodes] = useState<string[]>([]);
  const [deletingEdge, setDeletingEdge] = useState<FlowConnection | null>(null);
  const onConnectionDrop = useCallback((drop: OpenDrop) => setPicker({ after: drop }), []);
  const onNodeMenu = useCallback((nodeId: string, at: XY) => setMenu({ nodeId, at }), []);
  const context = useMemo<EditorContextValue>(
    () => ({
      requestNodeDelete: (id) => setDeletingNodes([id]),
      requestAddAfter: (nodeId, handle) => setPicker({ after: { nodeId, handle } }),
      openNodeMenu: onNodeMenu,
    }),
    [onNodeMenu],
  );
  return { picker, setPicker, menu, setMenu, deletingNodes, setDeletingNodes, deletingEdge, setDeletingEdge, onConnectionDrop, onNodeMenu, context };
}

export type WorkspaceDialogs = ReturnType<typeof useWorkspaceDialogs>;
