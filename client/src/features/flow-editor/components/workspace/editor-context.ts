import { createContext, useContext } from 'react';
import type { XY } from '../../model/graph-actions.ts';

/** What a card needs from the editor without putting callbacks in node data (that would defeat memoisation). */
export type EditorContextValue = {
  requestNodeDelete: (nodeId: string) => void;
  /** The "+" under a card: pick the next node, added below and connected from `handle`. */
  requestAddAfter: (nodeId: string, handle: string) => void;
  /** A long press (or a right click): the node's menu at that point of the screen. */
  openNodeMenu: (nodeId: string, at: XY) => void;
};

export const EditorContext = createContext<EditorContextValue>({ requestNodeDelete: () => {}, requestAddAfter: () => {}, openNodeMenu: () => {} });

export const useEditorContext = () => useContext(EditorContext);
