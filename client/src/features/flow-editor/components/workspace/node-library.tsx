import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { NODE_TYPE_GROUPS, NODE_TYPES, SUBTYPES_BY_TYPE, SUBTYPE_LABELS, type NodeSubType, type NodeType } from '@shared/flows/node-catalog.ts';
import { cn } from '../../../../lib/cn.ts';
import { subtypeIcon, TYPE_COLORS } from '../node/node-appearance.tsx';
import { SideToggle } from './side-rail.tsx';

/** The left library (docs/product.md#screen-flow-editor): Gatilhos, Ações, Condições, Integrações; collapsible; a click adds the node. */
export function NodeLibrary({ onAdd, onCollapse, className }: { onAdd: (subType: NodeSubType) => void; onCollapse?: () => void; className?: string }) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<NodeType>>(new Set());
  const toggle = (type: NodeType) => setCollapsed((c) => (c.has(type) ? new Set([...c].filter((t) => t !== type)) : new Set([...c, type])));
  return (
    <nav aria-label="Biblioteca de nós" className={className ?? 'w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white p-3'}>
      {onCollapse && (
        <div className="mb-2 flex justify-end">
          <SideToggle side="left" label="Recolher biblioteca de nós" expanded onClick={onCollapse} />
        </div>
      )}
      {NODE_TYPES.map((type) => {
        const open = !collapsed.has(type);
        return (
          <section key={type} className="mb-3">
            <button
              type="button"
              aria-expanded={open}
              className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:bg-slate-50"
              onClick={() => toggle(type)}
            >
              {NODE_TYPE_GROUPS[type]}
              <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', !open && '-rotate-90')} />
            </button>
            {open && (
              <ul className="mt-1 space-y-1">
                {SUBTYPES_BY_TYPE[type].map((subType) => {
                  const Icon = subtypeIcon(subType);
                  return (
                    <li key={subType}>
                      <button
                        type="button"
                        className="flex w-full items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-2 text-left text-sm text-slate-700 hover:border-slate-300 hover:bg-slate-50"
                        onClick={() => onAdd(subType)}
                      >
                        <span className="flex size-6 items-center justify-center rounded-md text-white" style={{ background: TYPE_COLORS[type] }}>
                          <Icon aria-hidden="true" className="size-3.5" />
                        </span>
                        {SUBTYPE_LABELS[subType]}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </nav>
  );
}
