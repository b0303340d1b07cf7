import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { broadcastActions, broadcastKeys } from '../api/broadcast-requests.ts';
import { toastFailure } from '../utils/failure-toast.ts';

/**
 * The form's send confirmation: asked after a save without schedule (blank sends right after saving,
 * docs/product.md#screen-broadcast-form) or by 'Enviar Agora'. Confirmed, the detail screen follows the send;
 * declined after a save, the list.
 */
export function useSendAfterSave() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ id: string; afterSave: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  async function confirm() {
    if (!asking) return;
    setSending(true);
    try {
      // The detail screen opens on the sending broadcast, never on a copy read before the send.
      queryClient.setQueryData(broadcastKeys.one(asking.id), await broadcastActions.send(asking.id));
      toast.success(BROADCAST_TOASTS.startedFollow);
      void navigate({ to: '/broadcasts/$broadcastId', params: { broadcastId: asking.id } });
    } catch (error) {
      toastFailure(error, BROADCAST_TOASTS.sendFailed);
      setAsking(null);
    } finally {
      setSending(false);
    }
  }

  function decline() {
    const after = asking?.afterSave;
    setAsking(null);
    if (after) void navigate({ to: '/broadcasts' });
  }

  return { asking, sending, ask: (id: string, afterSave: boolean) => setAsking({ id, afterSave }), confirm, decline };
}
