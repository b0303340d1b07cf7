import { TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import type { FlowNode } from '@shared/flows/graph.ts';
import { configVariableIssues } from '../../model/variable-issues.ts';
import { farLabel } from '../canvas/canvas-distance.ts';
import { subtypeIcon, typeColor } from './node-appearance.tsx';
import { useNodeFigures } from './node-figures-context.tsx';
import { UserText } from '../../../../components/ui/user-text.tsx';

/**
 * A card's coloured header: icon, label, a warning for unknown variables, visits. Zoomed out it leaves out the icon
 * and the visits, and cuts the label without a clip (farLabel).
 */
export function NodeCardHeader({ node, far }: { node: FlowNode; far: boolean }) {
  const warnings = useMemo(() => configVariableIssues(node.config).map((issue) => issue.message), [node.config]);
  const Icon = subtypeIcon(node.subType);
  return (
    <div className="flex items-center gap-2 rounded-t-[10px] px-3 py-2 text-white" style={{ background: typeColor(node.type) }}>
      {!far && <Icon aria-hidden="true" className="size-4 shrink-0" />}
      {far ? (
        <span className="min-w-0 flex-1 text-sm font-semibold whitespace-nowrap">{farLabel(node.label)}</span>
      ) : (
        <span className="min-w-0 flex-1 truncate text-sm font-semibold"><UserText>{node.label}</UserText></span>
      )}
      {warnings.length > 0 && (
        <span role="img" aria-label={warnings.join(' ')} title={warnings.join('\n')} className="rounded-full bg-amber-300 p-0.5 text-amber-900">
          <TriangleAlert aria-hidden="true" className="size-3.5" />
        </span>
      )}
      {!far && <VisitBadge nodeId={node.id} />}
    </div>
  );
}

function VisitBadge({ nodeId }: { nodeId: string }) {
  const { visits } = useNodeFigures(nodeId);
  const label = `${visits} ${visits === 1 ? 'visita' : 'visitas'}`;
  return (
    <span title={label} aria-label={label} data-testid="node-visits" className="rounded-full bg-white/25 px-2 text-xs font-medium">
      {visits}
    </span>
  );
}
