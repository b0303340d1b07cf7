import { Save, Trash2, X } from 'lucide-react';
import { useState, type Ref } from 'react';
import { cn } from '../../../../lib/cn.ts';
import type { FlowNode } from '@shared/flows/graph.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useUnsavedChanges } from '../../../../lib/unsaved-changes.ts';
import { configVariableIssues } from '../../model/variable-issues.ts';
import { TextField } from './controls.tsx';
import { ButtonsFields } from './buttons-fields.tsx';
import { HttpFields } from './http-fields.tsx';
import { DelayFields, IfElseFields, RandomFields } from './logic-fields.tsx';
import { MediaFields } from './media-fields.tsx';
import { MessageFields } from './message-fields.tsx';
import { TriggerFields } from './trigger-fields.tsx';

type Props = {
  node: FlowNode;
  onSave: (patch: { label: string; config: Record<string, unknown> }) => void;
  onDelete: () => void;
  onClose: () => void;
  /** A full-width sheet over the bottom of a phone's screen instead of the right column. */
  phone?: boolean;
  panelRef?: Ref<HTMLElement>;
  /** The callback values the bot's flows answer (trigger_button_clicked), to flag a button nobody answers. */
  listened?: ReadonlySet<string> | undefined;
};

/** The right panel (docs/product.md#state-flow-editor): the selected node's data as a draft; Salvar writes it back to the node. */
export function ConfigPanel({ node, onSave, onDelete, onClose, phone = false, panelRef, listened }: Props) {
  const [label, setName] = useState(node.label);
  const [config, setConfig] = useState(node.config);
  // Edited since opened or last saved: the draft is not in the outbox yet.
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useUnsavedChanges(dirty);
  const setLabel = (value: string) => {
    setName(value);
    setDirty(true);
  };
  const set = (key: string, value: unknown) => {
    setConfig((c) => ({ ...c, [key]: value }));
    setDirty(true);
    setConfirming(false);
  };
  const draft = { config, set };
  // Unknown variables are flagged under their field; Salvar nó asks once more before keeping them.
  const issues = configVariableIssues(config);
  const save = () => {
    if (issues.length > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setDirty(false);
    onSave({ label: label.trim() || node.label, config });
  };
  return (
    <aside
      ref={panelRef}
      aria-label="Configuração do nó"
      className={cn(
        'flex flex-col bg-white',
        phone ? 'fixed inset-x-0 bottom-0 z-40 max-h-[55dvh] w-full rounded-t-2xl border-t border-slate-200 shadow-2xl' : 'w-80 shrink-0 border-l border-slate-200',
      )}
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Configurar nó</h2>
        <button type="button" aria-label="Fechar painel" className="rounded p-1 text-slate-400 hover:bg-slate-100" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain px-4 py-3">
        <TextField label="Nome do nó" value={label} onChange={setLabel} />
        <Fields subType={node.subType} flowId={node.flowId} draft={draft} listened={listened} />
      </div>
      {confirming && issues.length > 0 && (
        <p role="alert" className="shrink-0 border-t border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          {issues[0]?.message} O usuário receberia o texto assim. Corrija ou salve assim mesmo.
        </p>
      )}
      <div className="flex shrink-0 gap-2 border-t border-slate-100 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <Button size="sm" className="flex-1" icon={<Save aria-hidden="true" className="size-4" />} onClick={save}>
          {confirming && issues.length > 0 ? 'Salvar assim mesmo' : 'Salvar nó'}
        </Button>
        <Button size="sm" variant="outline" className="text-red-600" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={onDelete}>
          Excluir
        </Button>
      </div>
    </aside>
  );
}

function Fields({ subType, flowId, draft, listened }: { subType: string; flowId: string; draft: { config: Record<string, unknown>; set: (key: string, value: unknown) => void }; listened: ReadonlySet<string> | undefined }) {
  if (subType.startsWith('trigger_')) return <TriggerFields subType={subType} {...draft} />;
  switch (subType) {
    case 'send_text':
      return <MessageFields {...draft} />;
    case 'send_media':
      return <MediaFields {...draft} />;
    case 'send_buttons':
      return <ButtonsFields {...draft} listened={listened} />;
    case 'delay':
      return <DelayFields {...draft} />;
    case 'if_else':
      return <IfElseFields {...draft} flowId={flowId} />;
    case 'random':
      return <RandomFields {...draft} />;
    case 'http_request':
      return <HttpFields {...draft} />;
    default:
      return <p className="text-sm text-slate-500">Tipo de nó desconhecido.</p>;
  }
}
