import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, e.g. 'Tem certeza que deseja remover este bot?'. */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger button. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question on top of Modal. Focus starts on Cancelar so an Enter press never destroys anything. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancelar', danger, loading, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={() => !loading && onCancel()}
      title={title}
      description={message}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={loading} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
