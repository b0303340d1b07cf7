import { useId } from 'react';
import { QUICK_REPLY_VARIABLES } from '@shared/quick-replies/fill.ts';
import { QUICK_REPLY_LIMITS, type QuickReply } from '@shared/quick-replies/schemas.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFormActions } from '../../../components/ui/modal-form-actions.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useQuickReplyForm } from '../hooks/use-quick-reply-form.ts';

/** Create (reply undefined) or edit a quick reply; the shared schema checks it before the server does. */
export function QuickReplyFormModal({ open, reply, onClose }: { open: boolean; reply: QuickReply | undefined; onClose(): void }) {
  const formId = useId();
  const form = useQuickReplyForm(reply, onClose);
  const { saving, errors } = form;

  return (
    <Modal
      open={open}
      onClose={() => !saving && onClose()}
      title={reply ? 'Editar resposta rápida' : 'Nova resposta rápida'}
      description="No chat, digite / e o atalho para inserir o texto."
      footer={<ModalFormActions formId={formId} submitLabel={reply ? 'Salvar' : 'Criar'} onCancel={onClose} loading={saving} cancelDisabled={saving} />}
    >
      <form id={formId} noValidate onSubmit={(event) => void form.submit(event)} className="space-y-4">
        <Input
          label="Atalho"
          required
          value={form.shortcut}
          maxLength={QUICK_REPLY_LIMITS.shortcut + 1}
          onChange={(event) => form.setShortcut(event.target.value)}
          error={errors.shortcut}
          helperText="Letras minúsculas, números, - e _. Ex.: boas-vindas"
          autoCapitalize="none"
        />
        <Textarea
          label="Texto"
          required
          value={form.text}
          maxLength={QUICK_REPLY_LIMITS.text}
          onChange={(event) => form.setText(event.target.value)}
          error={errors.text}
          helperText={`Variáveis: ${QUICK_REPLY_VARIABLES.join(' ')}`}
        />
      </form>
    </Modal>
  );
}
