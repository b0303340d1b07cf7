import { memo, useCallback, useRef, useState } from 'react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { useListenedButtonData } from '../../api/flow-graph-rows.ts';
import { useFlowEditor } from '../../hooks/use-flow-editor.ts';
import { useIsPhone } from '../../hooks/use-is-phone.ts';
import type { EditorGraph } from '../../model/graph-actions.ts';
import type { MeasuredSizes } from '../../model/xyflow-mapping.ts';
import { FlowCanvas } from '../canvas/flow-canvas.tsx';
import { NO_SELECTION, type Selection } from '../canvas/selection.ts';
import { EditorHeader } from '../header/editor-header.tsx';
import { NodeFiguresProvider } from '../node/node-figures-context.tsx';
import { TestPanel } from '../test-panel/test-panel.tsx';
import { useRememberedFlag } from '../../hooks/use-remembered-flag.ts';
import { AddNodeButton } from './add-node-button.tsx';
import { CollapsedRail } from './side-rail.tsx';
import { EditorContext } from './editor-context.ts';
import { NodeLibrary } from './node-library.tsx';
import { NodePanel } from './node-panel.tsx';
import { useNodeCommands } from './use-node-commands.ts';
import { useRevealSelected, type RevealWith } from './use-reveal-selected.ts';
import { useTestMode } from './use-test-mode.ts';
import { useWorkspaceDialogs } from './use-workspace-dialogs.ts';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts.ts';
import { WorkspaceOverlays } from './workspace-overlays.tsx';

/**
 * The editor proper: library, canvas and panel around the cached graph, with confirmations and shortcuts. Memoised:
 * a live-query tick that changed nothing hands the same flow and graph objects, and 500 cards stay untouched. What
 * the canvas and the cards receive (the selection setter, the dialogs' callbacks, the context) keeps its identity.
 */
export const EditorWorkspace = memo(function EditorWorkspace({ flow, stored }: { flow: FlowSummary; stored: EditorGraph }) {
  const editor = useFlowEditor(flow.id, stored);
  const phone = useIsPhone();
  const listened = useListenedButtonData(flow.botId);
  const canvasRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const sizesRef = useRef<MeasuredSizes>(new Map());
  const revealWithRef = useRef<RevealWith | null>(null);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const selectedNode = selection.nodes.size === 1 ? editor.graph.nodes.find((n) => selection.nodes.has(n.id)) : undefined;
  const dialogs = useWorkspaceDialogs();
  const [libraryCollapsed, toggleLibrary] = useRememberedFlag('canalize.editor.libraryCollapsed');
  const [panelCollapsed, togglePanel] = useRememberedFlag('canalize.editor.panelCollapsed');
  const commands = useNodeCommands(flow.id, editor, { canvasRef, sizesRef, revealWithRef, select: setSelection });
  const test = useTestMode(() => setSelection(NO_SELECTION));
  const currentGraph = useCallback(() => editor.graphRef.current, [editor]);
  useRevealSelected(selectedNode?.id, phone, editor, { canvasRef, panelRef, sizesRef, revealWithRef });
  useWorkspaceShortcuts(editor, selection, dialogs);

  return (
    <EditorContext.Provider value={dialogs.context}>
      <div className="-m-4 flex h-[calc(100dvh-4rem)] max-w-[100vw] flex-col overflow-hidden sm:-m-6 lg:-m-8">
        <EditorHeader flow={flow} editor={editor} phone={phone} onOrganize={() => void commands.organize()} onTest={test.start} />
        <div className="relative flex min-h-0 flex-1">
          {!phone && (libraryCollapsed ? <CollapsedRail side="left" label="Mostrar biblioteca de nós" onExpand={toggleLibrary} /> : <NodeLibrary onAdd={(subType) => commands.addNode(subType)} onCollapse={toggleLibrary} />)}
          <div ref={canvasRef} className="min-w-0 flex-1 bg-slate-50">
            <NodeFiguresProvider flowId={flow.id}>
              <FlowCanvas
                flowId={flow.id}
                editor={editor}
                selection={selection}
                onSelectionChange={setSelection}
                onEdgeClick={dialogs.setDeletingEdge}
                onConnectionDrop={dialogs.onConnectionDrop}
                onNodeMenu={dialogs.onNodeMenu}
                sizesRef={sizesRef}
                path={test.path}
                phone={phone}
              />
            </NodeFiguresProvider>
          </div>
          {test.testing && <TestPanel flowId={flow.id} graph={currentGraph} phone={phone} onPath={test.setPath} onClose={test.stop} />}
          {phone && !selectedNode && !test.testing && <AddNodeButton onClick={() => dialogs.setPicker({})} />}
          {selectedNode && !test.testing && !phone && panelCollapsed && <CollapsedRail side="right" label="Mostrar painel do nó" onExpand={togglePanel} />}
          {selectedNode && !test.testing && (phone || !panelCollapsed) && (
            <NodePanel
              node={selectedNode}
              editor={editor}
              phone={phone}
              panelRef={panelRef}
              listened={listened}
              onClose={() => setSelection(NO_SELECTION)}
              onCollapse={phone ? undefined : togglePanel}
              onDelete={() => dialogs.setDeletingNodes([selectedNode.id])}
            />
          )}
        </div>
      </div>
      <WorkspaceOverlays editor={editor} dialogs={dialogs} commands={commands} select={setSelection} />
    </EditorContext.Provider>
  );
});
