import { PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';

type Props = { side: 'left' | 'right'; label: string; onClick: () => void; expanded: boolean; className?: string };

/**
 * The button that collapses a laptop side panel (the library, the node panel) to a thin rail, and opens it again:
 * on a 1366 px screen the canvas gets the room. Named in pt-BR, with its state for a screen reader.
 */
export function SideToggle({ side, label, onClick, expanded, className }: Props) {
  const Icon = side === 'left' ? (expanded ? PanelLeftClose : PanelLeftOpen) : expanded ? PanelRightClose : PanelRightOpen;
  return (
    <button type="button" aria-label={label} title={label} aria-expanded={expanded} onClick={onClick} className={cn('flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800', className)}>
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

/** A collapsed side panel: a rail with the button that opens it. */
export function CollapsedRail({ side, label, onExpand }: { side: 'left' | 'right'; label: string; onExpand: () => void }) {
  return (
    <div className={cn('flex w-11 shrink-0 flex-col items-center bg-white py-2', side === 'left' ? 'border-r border-slate-200' : 'border-l border-slate-200')}>
      <SideToggle side={side} label={label} expanded={false} onClick={onExpand} />
    </div>
  );
}
