import { FUNNEL_TEXTS, type Funnel } from '@shared/funnels/schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeleteFunnel } from '../api/funnel-requests.ts';
import { CreateFunnelModal } from './create-funnel-modal.tsx';
import { MetricsModal } from './metrics-modal.tsx';

export type OpenFunnelModal = { kind: 'create' } | { kind: 'metrics' | 'delete'; funnel: Funnel } | null;

/** The /funnels modals: create, metrics and the deletion's confirmation. */
export function FunnelModals({ open, onClose }: { open: OpenFunnelModal; onClose: () => void }) {
  const remove = useDeleteFunnel();

  async function confirmDelete(funnel: Funnel) {
    // A failure is toasted by the mutation cache (server's message, else 'Erro ao excluir funil').
    await remove.mutateAsync(funnel.id).catch(() => {});
    onClose();
  }

  return (
    <>
      {open?.kind === 'create' && <CreateFunnelModal onClose={onClose} />}
      {open?.kind === 'metrics' && <MetricsModal funnel={open.funnel} onClose={onClose} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Excluir funil"
        message={open?.kind === 'delete' ? FUNNEL_TEXTS.confirmDelete(open.funnel.name) : ''}
        confirmLabel="Excluir"
        danger
        loading={remove.isPending}
        onConfirm={() => open?.kind === 'delete' && void confirmDelete(open.funnel)}
        onCancel={onClose}
      />
    </>
  );
}
