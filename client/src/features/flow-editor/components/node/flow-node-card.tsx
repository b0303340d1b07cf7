import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { cn } from '../../../../lib/cn.ts';
import type { CardNode } from '../../model/xyflow-mapping.ts';
import { useLongPress } from '../../hooks/use-long-press.ts';
import { useFar } from '../canvas/canvas-distance.ts';
import { useEditorContext } from '../workspace/editor-context.ts';
import { AddNextButton, DeleteNodeButton } from './card-buttons.tsx';
import { NodeCardBody } from './node-card-body.tsx';
import { NodeCardHeader } from './node-card-header.tsx';

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
  return (
    <div
      data-testid="flow-node"
      data-subtype={node.subType}
      aria-label={node.label}
      {...press}
      className={cn('flow-card group relative w-[280px] rounded-xl border-2 bg-white text-left shadow-sm', selected ? 'border-brand-500 shadow-md' : 'border-slate-200')}
    >
      {node.type !== 'trigger' && <Handle type="target" position={Position.Top} id="default" className={cn(HANDLE, '!bg-slate-500')} />}
      <NodeCardHeader node={node} far={far} />
      <div className="flow-card-body">
        <NodeCardBody node={node} />
      </div>
      {!far && <DeleteNodeButton onDelete={() => requestNodeDelete(node.id)} />}
      <Handle type="source" position={Position.Bottom} id="default" className={cn(HANDLE, '!bg-blue-500')} />
      {(!far || selected) && <AddNextButton selected={Boolean(selected)} onAdd={() => requestAddAfter(node.id, 'default')} />}
      {node.type === 'condition' && (
        <>
          <Handle type="source" position={Position.Right} id="true" title="Verdadeiro" className={cn(HANDLE, '!bg-green-500')} />
          <Handle type="source" position={Position.Left} id="false" title="Falso" className={cn(HANDLE, '!bg-red-500')} />
        </>
      )}
    </div>
  );
});
