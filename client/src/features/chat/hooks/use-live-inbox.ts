/**
 * While the chat screen is open: pulls on every live event (useLivePull), and the stat cards follow. A conversation
 * another member assigned to the signed-in one is also told in a toast (the pull shows it under "Minhas").
 */
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/messages/schemas.ts';
import { useSession } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { useLivePull } from '../../../offline/use-live-pull.ts';
import { useAssignees } from '../api/assignees.ts';
import { ASSIGNMENT_UI_TEXTS } from '../api/assignment-texts.ts';
import { inboxKeys } from '../api/inbox-requests.ts';

export function useLiveInbox() {
  const queryClient = useQueryClient();
  const me = useSession().user?.id;
  const members = useAssignees();
  useLivePull((event?: LiveEvent) => {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.stats });
    if (event?.topic !== 'conversations.changed' || me === undefined || event.assigneeId !== me || event.actorId === me) return;
    const by = members.find((member) => member.userId === event.actorId)?.name ?? ASSIGNMENT_UI_TEXTS.someone;
    toast.info(ASSIGNMENT_UI_TEXTS.assignedToYou, { description: ASSIGNMENT_UI_TEXTS.assignedToYouHint(by) });
  });
}
