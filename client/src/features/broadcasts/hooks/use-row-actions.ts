/**
 * What each row action does (docs/product.md#screen-broadcasts, #confirmations, #toasts-broadcasts): send, cancel,
 * stop and delete ask first; duplicate opens the copy's edit form; failures toast the server's message, else the
 * docs' text.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BROADCAST_TEXTS, BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { broadcastActions, useRefreshBroadcasts } from '../api/broadcast-requests.ts';
import { useDeleteBroadcast } from '../api/broadcast-writes.ts';
import { toastFailure } from '../utils/failure-toast.ts';
import { useSendQuestion } from './use-send-question.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import type { RowAction } from '../utils/row-actions.ts';

type Confirmable = 'send' | 'cancel' | 'stop' | 'delete';

/** Each button says what it does: the way out keeps things as they are, in words ("Manter agendamento"), never a bare "Cancelar". */
export const CONFIRMATIONS: Record<Confirmable, { title: string; message: string; confirmLabel: string; cancelLabel: string; danger: boolean }> = {
  send: { title: 'Enviar disparo', message: BROADCAST_TEXTS.confirmSend, confirmLabel: 'Enviar agora', cancelLabel: 'Agora não', danger: false },
  cancel: { title: 'Cancelar disparo', message: BROADCAST_TEXTS.confirmCancel, confirmLabel: 'Cancelar disparo', cancelLabel: 'Manter agendamento', danger: true },
  stop: { title: 'Parar disparo', message: BROADCAST_TEXTS.confirmStop, confirmLabel: 'Parar envio', cancelLabel: 'Continuar enviando', danger: true },
  delete: { title: 'Excluir disparo', message: BROADCAST_TEXTS.confirmDelete, confirmLabel: 'Excluir', cancelLabel: 'Manter disparo', danger: true },
};

const SERVER_ACTIONS = {
  send: { call: broadcastActions.send, done: BROADCAST_TOASTS.started, failed: BROADCAST_TOASTS.sendFailed },
  cancel: { call: broadcastActions.cancel, done: BROADCAST_TOASTS.cancelled, failed: BROADCAST_TOASTS.cancelFailed },
  stop: { call: broadcastActions.stop, done: BROADCAST_TOASTS.stopped, failed: BROADCAST_TOASTS.stopFailed },
} as const;

const copyName = (name: string) => `${name} (cópia)`.slice(0, 120);

export function useRowActions(options: { afterDelete?: () => void; afterSend?: (id: string) => void } = {}) {
  const navigate = useNavigate();
  const refresh = useRefreshBroadcasts();
  const remove = useDeleteBroadcast();
  const [asking, setAsking] = useState<{ action: Confirmable; row: BroadcastRow } | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = asking?.action === 'send' ? asking.row : null;
  const question = useSendQuestion(sending && !sending.localOnly ? sending.id : null, sending ?? undefined);

  async function confirmed() {
    if (!asking) return;
    const { action, row } = asking;
    setBusy(true);
    try {
      if (action === 'delete') {
        await remove(row.id);
        options.afterDelete?.();
      } else {
        await SERVER_ACTIONS[action].call(row.id);
        toast.success(SERVER_ACTIONS[action].done);
        if (action === 'send') options.afterSend?.(row.id);
      }
    } catch (error) {
      toastFailure(error, action === 'delete' ? BROADCAST_TOASTS.deleteFailed : SERVER_ACTIONS[action].failed);
    } finally {
      setBusy(false);
      setAsking(null);
      void refresh();
    }
  }

  async function run(action: RowAction, row: BroadcastRow) {
    if (action === 'details') return void navigate({ to: '/broadcasts/$broadcastId', params: { broadcastId: row.id } });
    if (action === 'edit') return void navigate({ to: '/broadcasts/$broadcastId/edit', params: { broadcastId: row.id } });
    if (action === 'duplicate') {
      try {
        const copy = await broadcastActions.duplicate(row.id, copyName(row.name));
        toast.success(BROADCAST_TOASTS.duplicated);
        void refresh();
        void navigate({ to: '/broadcasts/$broadcastId/edit', params: { broadcastId: copy.id } });
      } catch (error) {
        toastFailure(error, BROADCAST_TOASTS.duplicateFailed);
      }
      return;
    }
    setAsking({ action, row });
  }

  const dialog = {
    open: asking !== null,
    ...(asking ? CONFIRMATIONS[asking.action] : CONFIRMATIONS.delete),
    ...(sending ? { message: question } : {}),
    loading: busy,
    onConfirm: () => void confirmed(),
    onCancel: () => setAsking(null),
  };
  return { run, dialog };
}
