import { Eye, EyeOff, Send } from 'lucide-react';
import { canDo } from '@shared/broadcasts/status-machine.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FORM_TEXTS } from '../utils/form-texts.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';

type Props = {
  existing: BroadcastRow | null;
  online: boolean;
  saving: boolean;
  preview: boolean;
  onSendNow: () => void;
  onTogglePreview: () => void;
};

/** Salvar, 'Enviar Agora' (an existing broadcast that may be sent, with a connection) and the preview's switch. */
export function FormActions({ existing, online, saving, preview, onSendNow, onTogglePreview }: Props) {
  const canSendNow = existing !== null && canDo('send', existing.status);
  const previewIcon = preview ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" loading={saving}>
        Salvar
      </Button>
      {existing && (
        <Button variant="secondary" disabled={!online || !canSendNow} title={online ? undefined : FORM_TEXTS.sendOffline} icon={<Send aria-hidden="true" className="size-4" />} onClick={onSendNow}>
          Enviar Agora
        </Button>
      )}
      <Button variant="ghost" icon={previewIcon} aria-pressed={preview} onClick={onTogglePreview}>
        {preview ? 'Ocultar pré-visualização' : 'Pré-visualizar'}
      </Button>
      {existing && !online && <span className="text-xs text-slate-500">{FORM_TEXTS.sendOffline}</span>}
    </div>
  );
}
