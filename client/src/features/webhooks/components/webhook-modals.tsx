import { useState } from 'react';
import type { WebhookListItem, WebhookWithSecret } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_SCREEN_TEXTS } from '@shared/webhooks/texts.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeleteWebhook } from '../api/webhook-requests.ts';
import { DeliveriesModal } from './deliveries-modal.tsx';
import { SecretModal } from './secret-modal.tsx';
import { WebhookFormModal } from './webhook-form-modal.tsx';

export type OpenWebhookModal = { kind: 'create' } | { kind: 'edit' | 'deliveries' | 'remove'; webhook: WebhookListItem } | null;

/** The /webhooks modals: create (then the secret, once), edit, the delivery log and the removal's confirmation. */
export function WebhookModals({ open, onClose, disabled }: { open: OpenWebhookModal; onClose: () => void; disabled: boolean }) {
  const remove = useDeleteWebhook();
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);

  async function confirmRemove(webhook: WebhookListItem) {
    try {
      await remove.mutateAsync(webhook.id);
    } catch {
      // Toasted by the mutation cache with the server's message, else 'Erro ao excluir webhook'.
    }
    onClose();
  }

  const onCreated = (webhook: WebhookWithSecret) => {
    setCreated(webhook);
    onClose();
  };

  return (
    <>
      {open?.kind === 'create' && <WebhookFormModal onClose={onClose} onSaved={onCreated} />}
      {open?.kind === 'edit' && <WebhookFormModal key={open.webhook.id} webhook={open.webhook} onClose={onClose} onSaved={onClose} />}
      {open?.kind === 'deliveries' && <DeliveriesModal webhook={open.webhook} onClose={onClose} disabled={disabled} />}
      {created && <SecretModal webhook={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={open?.kind === 'remove'}
        title="Excluir webhook"
        message={open?.kind === 'remove' ? WEBHOOK_SCREEN_TEXTS.confirmDelete(open.webhook.url) : ''}
        confirmLabel="Excluir"
        danger
        loading={remove.isPending}
        onConfirm={() => open?.kind === 'remove' && void confirmRemove(open.webhook)}
        onCancel={onClose}
      />
    </>
  );
}
