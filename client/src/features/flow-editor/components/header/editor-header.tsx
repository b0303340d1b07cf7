import { FlaskConical, LayoutGrid, Redo2, Undo2 } from 'lucide-react';
import { useRef } from 'react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { Button } from '../../../../components/ui/button.tsx';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { useFlowHeader, type FlowHeader } from '../../hooks/use-flow-header.ts';
import { useToastsBelow } from '../../../../lib/use-toasts-below.ts';
import { AnalyticsChip } from './analytics-chip.tsx';
import { BackLink, EnabledToggle, NameInput, SaveStatus } from './header-controls.tsx';
import { MenuItem, OverflowMenu } from './overflow-menu.tsx';

type Props = { flow: FlowSummary; editor: FlowEditor; phone: boolean; onOrganize: () => void; onTest: () => void };
type LayoutProps = Omit<Props, 'phone'> & { header: FlowHeader };

/**
 * docs/product.md#screen-flow-editor header: back, editable name, analytics chip, undo/redo, the save state, active
 * toggle, and Organizar / Testar. On a phone it folds into one compact bar: back, the name (cut with an ellipsis,
 * still editable), the save state as an icon and a menu with the rest. Toasts show below it.
 */
export function EditorHeader({ phone, ...props }: Props) {
  const header = useFlowHeader(props.flow);
  const bar = useRef<HTMLElement>(null);
  useToastsBelow(bar, { variable: '--toast-offset-top', sticky: false });
  return (
    <header ref={bar} className={phone ? 'flex items-center gap-1 border-b border-slate-200 bg-white px-2 py-1.5' : 'flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5'}>
      {phone ? <PhoneBar header={header} {...props} /> : <LaptopBar header={header} {...props} />}
    </header>
  );
}

function PhoneBar({ flow, editor, header, onOrganize, onTest }: LayoutProps) {
  return (
    <>
      <BackLink />
      <NameInput header={header} />
      <SaveStatus state={editor.saveState} phone />
      <OverflowMenu>
        <MenuItem icon={<Undo2 aria-hidden="true" className="size-4" />} disabled={!editor.canUndo} onClick={editor.undo}>
          Desfazer
        </MenuItem>
        <MenuItem icon={<Redo2 aria-hidden="true" className="size-4" />} disabled={!editor.canRedo} onClick={editor.redo}>
          Refazer
        </MenuItem>
        <MenuItem icon={<LayoutGrid aria-hidden="true" className="size-4" />} onClick={onOrganize}>
          Organizar
        </MenuItem>
        <MenuItem icon={<FlaskConical aria-hidden="true" className="size-4" />} onClick={onTest}>
          Testar
        </MenuItem>
        <EnabledToggle header={header} phone />
        <div className="px-1 py-2">
          <AnalyticsChip flowId={flow.id} />
        </div>
      </OverflowMenu>
    </>
  );
}

function LaptopBar({ flow, editor, header, onOrganize, onTest }: LayoutProps) {
  return (
    <>
      <BackLink />
      <NameInput header={header} />
      <AnalyticsChip flowId={flow.id} />
      <SaveStatus state={editor.saveState} phone={false} />
      <Button variant="ghost" size="sm" aria-label="Desfazer" title="Desfazer (Ctrl+Z)" disabled={!editor.canUndo} onClick={editor.undo} icon={<Undo2 aria-hidden="true" className="size-4" />} />
      <Button variant="ghost" size="sm" aria-label="Refazer" title="Refazer (Ctrl+Shift+Z)" disabled={!editor.canRedo} onClick={editor.redo} icon={<Redo2 aria-hidden="true" className="size-4" />} />
      <Button variant="outline" size="sm" icon={<LayoutGrid aria-hidden="true" className="size-4" />} onClick={onOrganize}>
        Organizar
      </Button>
      <Button variant="outline" size="sm" icon={<FlaskConical aria-hidden="true" className="size-4" />} onClick={onTest}>
        Testar
      </Button>
      <EnabledToggle header={header} phone={false} />
    </>
  );
}
