import { STATUS_LABELS, type Assignee } from '@shared/messages/assignment.ts';
import { UserText } from '../../../components/ui/user-text.tsx';
import { cn } from '../../../lib/cn.ts';
import { initialsOf } from '../api/assignees.ts';
import { ASSIGNMENT_UI_TEXTS as T } from '../api/assignment-texts.ts';
import type { ConversationView } from '../api/conversation-rows.ts';

const STATUS_TONE = { OPEN: 'bg-emerald-50 text-emerald-800', PENDING: 'bg-amber-50 text-amber-800', RESOLVED: 'bg-slate-100 text-slate-700' } as const;

type Props = { conversation: ConversationView; members: Assignee[]; me: string | undefined };

/** The list row's last line: the bot, the status, and who answers it (initials; the name for screen readers and on hover). */
export function ConversationMeta({ conversation, members, me }: Props) {
  const { assigneeId, status } = conversation;
  const assignee = assigneeId === me ? T.you : members.find((member) => member.userId === assigneeId)?.name;
  const name = assigneeId === null ? undefined : (assignee ?? T.formerMember);
  return (
    <span className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
      {conversation.bot && <span className="min-w-0 truncate"><UserText>{conversation.bot.name}</UserText></span>}
      <span className={cn('shrink-0 rounded px-1.5 py-px font-medium', STATUS_TONE[status])}>{STATUS_LABELS[status]}</span>
      {name !== undefined && (
        <span title={T.assignedTo(name)} className="ml-auto flex shrink-0 items-center gap-1">
          <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-slate-200 text-[0.625rem] font-semibold text-slate-700">
            {assigneeId === me ? initialsOf(T.you) : initialsOf(name)}
          </span>
          <span className="sr-only">{T.assignedTo(name)}</span>
          <span aria-hidden="true" className="hidden max-w-24 truncate sm:inline"><UserText>{name}</UserText></span>
        </span>
      )}
    </span>
  );
}
