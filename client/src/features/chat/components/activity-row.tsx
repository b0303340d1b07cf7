import { LogIn, LogOut, MousePointerClick, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { activityLead } from '@shared/messages/kind.ts';
import type { ActivityType, Message } from '@shared/messages/schemas.ts';
import { formatChatTime } from '../utils/time.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

const ICONS: Record<ActivityType, ReactNode> = {
  BUTTON_PRESS: <MousePointerClick className="size-3.5" />,
  MEMBER_JOINED: <LogIn className="size-3.5" />,
  MEMBER_LEFT: <LogOut className="size-3.5" />,
  JOIN_REQUEST: <UserPlus className="size-3.5" />,
};

/** What the contact did that is not a message (a button press, a join, a leave, a join request): a line of its own. */
export function ActivityRow({ message, type }: { message: Message; type: ActivityType }) {
  return (
    <li className="flex justify-center" data-message-id={message.id}>
      <p className="flex max-w-[90%] items-center gap-1.5 rounded-full bg-slate-200/70 px-3 py-1 text-xs text-slate-700">
        <span aria-hidden="true" className="shrink-0">{ICONS[type]}</span>
        <span className="break-words">{activityLead(type)}<UserText>{message.content}</UserText></span>
        <time className="shrink-0 text-slate-600" dateTime={message.createdAt}>
          · {formatChatTime(message.createdAt)}
        </time>
      </p>
    </li>
  );
}
