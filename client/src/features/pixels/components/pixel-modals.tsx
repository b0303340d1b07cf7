import { PIXEL_TEXTS, type Pixel } from '@shared/pixels/schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeletePixel } from '../api/pixel-requests.ts';
import type { PixelAction } from './pixel-actions.tsx';
import { PixelFormModal } from './pixel-form-modal.tsx';
import { TestEventModal } from './test-event-modal.tsx';

export type OpenPixelModal = { kind: 'create' } | { kind: PixelAction; pixel: Pixel } | null;

/** The /pixels modals: register, edit, test event and the removal's confirmation. */
export function PixelModals({ open, onClose }: { open: OpenPixelModal; onClose: () => void }) {
  const remove = useDeletePixel();

  async function confirmRemove(pixel: Pixel) {
    try {
      await remove.mutateAsync(pixel.id);
    } catch {
      // Toasted by the mutation cache with the server's message, else 'Erro ao remover pixel'.
    }
    onClose();
  }

  return (
    <>
      {open?.kind === 'create' && <PixelFormModal open mode="create" onClose={onClose} />}
      {open?.kind === 'edit' && <PixelFormModal key={open.pixel.id} open mode="edit" pixel={open.pixel} onClose={onClose} />}
      {open?.kind === 'test' && <TestEventModal pixel={open.pixel} onClose={onClose} />}
      <ConfirmDialog
        open={open?.kind === 'remove'}
        title="Remover pixel"
        message={open?.kind === 'remove' ? PIXEL_TEXTS.confirmDelete(open.pixel.name) : ''}
        confirmLabel="Remover"
        danger
        loading={remove.isPending}
        onConfirm={() => open?.kind === 'remove' && void confirmRemove(open.pixel)}
        onCancel={onClose}
      />
    </>
  );
}
