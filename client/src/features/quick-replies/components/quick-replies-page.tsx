import { MessageSquareText, Plus } from 'lucide-react';
import { useState } from 'react';
import { QUICK_REPLY_TEXTS, type QuickReply } from '@shared/quick-replies/schemas.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSyncNow, useSyncSnapshot } from '../../../offline/hooks.ts';
import { QUICK_REPLY_TOASTS, quickReplyRequests, useQuickReplies } from '../api/quick-reply-requests.ts';
import { QuickReplyFormModal } from './quick-reply-form-modal.tsx';
import { QuickReplyList } from './quick-reply-list.tsx';

/** /respostas-rapidas: the workspace's saved replies, managed by owners and admins (docs/product.md#screen-quick-replies). */
export function QuickRepliesPage() {
  const replies = useQuickReplies();
  const { online } = useSyncSnapshot();
  const syncNow = useSyncNow();
  const [editing, setEditing] = useState<{ reply: QuickReply | undefined } | null>(null);
  const [deleting, setDeleting] = useState<QuickReply | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await quickReplyRequests.remove(deleting.id);
      toast.success(QUICK_REPLY_TOASTS.deleted);
      setDeleting(null);
      void syncNow();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : QUICK_REPLY_TOASTS.deleteFailed);
    } finally {
      setBusy(false);
    }
  }

  const create = (
    <Button disabled={!online} onClick={() => setEditing({ reply: undefined })} icon={<Plus aria-hidden="true" className="size-4" />}>
      Nova resposta
    </Button>
  );
  return (
    <div className="space-y-6">
      <PageHeader title={QUICK_REPLY_TEXTS.title} description="Textos prontos que a equipe insere no chat digitando / e o atalho." actions={create} />
      {!online && <OfflineNotice>Você está offline: a lista abaixo é a deste aparelho; criar, editar e excluir voltam com a conexão.</OfflineNotice>}
      {replies === undefined ? (
        <div aria-busy="true" aria-label="Carregando respostas rápidas" className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : replies.length === 0 ? (
        <EmptyState icon={MessageSquareText} title="Nenhuma resposta rápida ainda" text="Crie uma e use no chat digitando / e o atalho, como /boas-vindas." />
      ) : (
        <QuickReplyList replies={replies} disabled={!online} onEdit={(reply) => setEditing({ reply })} onDelete={setDeleting} />
      )}
      {editing && <QuickReplyFormModal open reply={editing.reply} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir resposta rápida"
        message={`A resposta /${deleting?.shortcut ?? ''} deixa de aparecer no chat para toda a equipe.`}
        confirmLabel="Excluir"
        danger
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
