import { Handle, Position, type NodeProps } from '@xyflow/react';
import { Plus, Trash2, TriangleAlert } from 'lucide-react';
import { memo, useMemo } from 'react';
import { cn } from '../../../../lib/cn.ts';
import type { CardNode } from '../../model/xyflow-mapping.ts';
import { configVariableIssues } from '../../model/variable-issues.ts';
import { useLongPress } from '../../hooks/use-long-press.ts';
import { farLabel, useFar } from '../canvas/canvas-distance.ts';
import { useEditorContext } from '../workspace/editor-context.ts';
import { useNodeFigures } from './node-figures-context.tsx';
import { NodeCardBody } from './node-card-body.tsx';
import { subtypeIcon, typeColor } from './node-appearance.tsx';

const HANDLE = '!size-3 !border-2 !border-white';

/**
 * A node card (docs/product.md#screen-flow-editor): 280 px, header with icon, label and visits, a body per subtype,
 * delete on hover. Zoomed out (useFar) it keeps its size, handles and body but leaves out the icon, the visit
 * count and the hover buttons, and its label is cut without a clip (farLabel): unreadable at that size, and a third
 * of a card's elements and layers.
 */
export const FlowNodeCard = memo(function FlowNodeCard({ data, selected }: NodeProps<CardNode>) {
  const { node } = data;
  const far = useFar();
  const { requestNodeDelete, requestAddAfter, openNodeMenu } = useEditorContext();
  const press = useLongPress((at) => openNodeMenu(node.id, at));
  const warnings = useMemo(() => configVariableIssues(node.config).map((issue) => issue.message), [node.config]);
  const Icon = subtypeIcon(node.subType);
  const color = typeColor(node.type);
  return (
    <div
      data-testid="flow-node"
      data-subtype={node.subType}
      aria-label={node.label}
      {...press}
      className={cn('flow-card group relative w-[280px] rounded-xl border-2 bg-white text-left shadow-sm', selected ? 'border-brand-500 shadow-md' : 'border-slate-200')}
    >
      {node.type !== 'trigger' && <Handle type="target" position={Position.Top} id="default" className={cn(HANDLE, '!bg-slate-500')} />}
      <div className="flex items-center gap-2 rounded-t-[10px] px-3 py-2 text-white" style={{ background: color }}>
        {!far && <Icon aria-hidden="true" className="size-4 shrink-0" />}
        {far ? (
          <span className="min-w-0 flex-1 text-sm font-semibold whitespace-nowrap">{farLabel(node.label)}</span>
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm font-semibold">{node.label}</span>
        )}
        {warnings.length > 0 && (
          <span role="img" aria-label={warnings.join(' ')} title={warnings.join('\n')} className="rounded-full bg-amber-300 p-0.5 text-amber-900">
            <TriangleAlert aria-hidden="true" className="size-3.5" />
          </span>
        )}
        {!far && <VisitBadge nodeId={node.id} />}
      </div>
      <div className="flow-card-body">
        <NodeCardBody node={node} />
      </div>
      {!far && (
        <button
          type="button"
          aria-label="Excluir nó"
          className="nodrag absolute -top-3 -right-3 hidden size-7 items-center justify-center rounded-full bg-red-600 text-white shadow group-hover:flex"
          onClick={(event) => {
            event.stopPropagation();
            requestNodeDelete(node.id);
          }}
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
        </button>
      )}
      <Handle type="source" position={Position.Bottom} id="default" className={cn(HANDLE, '!bg-blue-500')} />
      {(!far || selected) && (
        <button
          type="button"
          aria-label="Adicionar próximo nó"
          title="Adicionar próximo nó"
          className={cn(
            'nodrag nopan absolute -bottom-11 left-1/2 flex size-7 -translate-x-1/2 items-center justify-center rounded-full border border-blue-300 bg-white text-blue-600 shadow-sm',
            'opacity-0 group-hover:opacity-100 focus-visible:opacity-100 pointer-coarse:opacity-100',
            selected && 'opacity-100',
          )}
          onClick={(event) => {
            event.stopPropagation();
            requestAddAfter(node.id, 'default');
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      )}
      {node.type === 'condition' && (
        <>
          <Handle type="source" position={Position.Right} id="true" title="Verdadeiro" className={cn(HANDLE, '!bg-green-500')} />
          <Handle type="source" position={Position.Left} id="false" title="Falso" className={cn(HANDLE, '!bg-red-500')} />
        </>
      )}
    </div>
  );
});

function VisitBadge({ nodeId }: { nodeId: string }) {
  const { visits } = useNodeFigures(nodeId);
  const label = `${visits} ${visits === 1 ? 'visita' : 'visitas'}`;
  return (
    <span title={label} aria-label={label} data-testid="node-visits" className="rounded-full bg-white/25 px-2 text-xs font-medium">
      {visits}
    </span>
  );
}
