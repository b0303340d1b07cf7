import { useQuery } from '@tanstack/react-query';
import type { Broadcast } from '@shared/broadcasts/answers.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { broadcastKeys, fetchBroadcast } from '../api/broadcast-requests.ts';

type Audience = Pick<Broadcast, 'audienceCount' | 'audienceBlockedCount'>;

/** The send question: who will receive it, then the docs' question. */
export function sendQuestion(audience: Audience | undefined): string {
  if (!audience || audience.audienceCount === null) return `${BROADCAST_TEXTS.countingAudience} ${BROADCAST_TEXTS.confirmSend}`;
  return `${BROADCAST_TEXTS.willReach(audience.audienceCount, audience.audienceBlockedCount ?? 0)} ${BROADCAST_TEXTS.confirmSend}`;
}

/**
 * The send confirmation's message for broadcast `id` (null: no question open). The audience is read again from the
 * server when the question opens (contacts come and go; a row's count may be minutes old); until it answers, the
 * count already known (`known`) is shown.
 */
export function useSendQuestion(id: string | null, known?: Audience): string {
  const fresh = useQuery({
    queryKey: broadcastKeys.audience(id ?? ''),
    queryFn: () => fetchBroadcast(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (id === null) return BROADCAST_TEXTS.confirmSend;
  return sendQuestion(fresh.data ?? known);
}
