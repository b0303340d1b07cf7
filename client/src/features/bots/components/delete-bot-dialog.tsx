import { TRASH_TEXTS } from '@shared/bots/trash.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDeletionImpact } from '../api/trash-requests.ts';

type Props = { bot: { id: string; name: string } | null; onConfirm: () => void; onCancel: () => void };

/**
 * "Excluir bot": says what goes to the Lixeira with it (counted by the server) before asking. Offline the count is
 * unavailable and the deletion still goes through the outbox. Focus starts on Cancelar, as in ConfirmDialog.
 */
export function DeleteBotDialog({ bot, onConfirm, onCancel }: Props) {
  const impact = useDeletionImpact(bot?.id ?? '', bot !== null);
  const line = impact.data ? TRASH_TEXTS.impact(impact.data) : impact.isError ? TRASH_TEXTS.impactFailed : TRASH_TEXTS.impactLoading;
  return (
    <Modal
      open={bot !== null}
      onClose={onCancel}
      title={TRASH_TEXTS.deleteTitle}
      description={bot ? TRASH_TEXTS.deleteQuestion(bot.name) : undefined}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} data-autofocus>
            Cancelar
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Mover para a Lixeira
          </Button>
        </>
      }
    >
      <p role="status" aria-live="polite" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {line}
      </p>
    </Modal>
  );
}
