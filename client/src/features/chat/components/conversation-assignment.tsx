import { conversationStatusSchema } from '@shared/messages/assignment.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { useAssignees } from '../api/assignees.ts';
import { ASSIGNMENT_UI_TEXTS as T, STATUS_OPTIONS } from '../api/assignment-texts.ts';
import type { ConversationView } from '../api/conversation-rows.ts';
import { useConversationAssignment } from '../api/inbox-writes.ts';

const SELECT = 'h-8 min-w-0 max-w-44 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-700';

/**
 * In the open conversation's header: who answers it (Responsável: a member, or Sem responsável; Atribuir a mim in
 * one tap) and where it stands (aberta / pendente / resolvida). Every role may change both; through the outbox, so
 * offline too. An assignee the members list does not name (offline before it loaded, or no longer a member) is
 * still shown.
 */
export function ConversationAssignment({ conversation }: { conversation: ConversationView }) {
  const me = useSession().user?.id;
  const members = useAssignees();
  const { assign, setStatus } = useConversationAssignment();
  const { contactId, assigneeId } = conversation;
  const unknown = assigneeId !== null && !members.some((member) => member.userId === assigneeId);
  return (
    <div className="flex w-full flex-wrap items-center gap-2 md:ml-auto md:w-auto md:justify-end">
      <label className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-slate-600">
        {T.whose}
        <select value={assigneeId ?? ''} onChange={(event) => void assign(contactId, event.target.value || null)} className={SELECT}>
          <option value="">{T.none}</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>{member.userId === me ? `${member.name} (${T.you.toLowerCase()})` : member.name}</option>
          ))}
          {unknown && <option value={assigneeId}>{assigneeId === me ? T.you : T.formerMember}</option>}
        </select>
      </label>
      {me && assigneeId !== me && (
        <Button variant="outline" size="sm" onClick={() => void assign(contactId, me)}>{T.assignToMe}</Button>
      )}
      <label className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        {T.status}
        <select
          value={conversation.status}
          onChange={(event) => {
            const status = conversationStatusSchema.safeParse(event.target.value);
            if (status.success) void setStatus(contactId, status.data);
          }}
          className={SELECT}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
