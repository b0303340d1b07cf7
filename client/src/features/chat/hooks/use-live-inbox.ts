/** While the chat screen is open: pulls on every live event (useLivePull), and the stat cards follow. */
import { useQueryClient } from '@tanstack/react-query';
import { useLivePull } from '../../../offline/use-live-pull.ts';
import { inboxKeys } from '../api/inbox-requests.ts';

export function useLiveInbox() {
  const queryClient = useQueryClient();
  useLivePull(() => void queryClient.invalidateQueries({ queryKey: inboxKeys.stats }));
}
