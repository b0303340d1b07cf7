import { createContext, useContext } from 'react';

/** What a card needs from the editor without putting callbacks in node data (that would defeat memoisation). */
export type EditorContextValue = { requestNodeDelete: (nodeId: string) => void };

export const EditorContext = createContext<EditorContextValue>({ requestNodeDelete: () => {} });

export const useEditorContext = () => useContext(EditorContext);
