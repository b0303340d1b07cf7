import { AlertCircle, Check, Clock, FileText, Image, MapPin, Mic, Music, Smile, User, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { MESSAGE_TYPE_LABELS } from '@shared/messages/kind.ts';
import { isActivity, type Message, type MessageType } from '@shared/messages/schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import { formatChatTime } from '../utils/time.ts';
import { ActivityRow } from './activity-row.tsx';
import { MessageButtons } from './message-buttons.tsx';
import { SourceMark } from './source-mark.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

const ICONS: Partial<Record<MessageType, ReactNode>> = {
  PHOTO: <Image className="size-4" />,
  VIDEO: <Video className="size-4" />,
  VIDEO_NOTE: <Video className="size-4" />,
  ANIMATION: <Video className="size-4" />,
  VOICE: <Mic className="size-4" />,
  AUDIO: <Music className="size-4" />,
  DOCUMENT: <FileText className="size-4" />,
  STICKER: <Smile className="size-4" />,
  LOCATION: <MapPin className="size-4" />,
  CONTACT: <User className="size-4" />,
};

/**
 * One row of a conversation: the contact's activity as a line of its own; a message with its media kind and caption
 * (never an empty bubble); an outgoing one with who sent it, its buttons and its delivery state.
 */
export function MessageBubble({ message }: { message: Message }) {
  const outgoing = message.direction === 'OUTGOING';
  const type = message.type;
  if (isActivity(type)) return <ActivityRow message={message} type={type} />;
  const light = outgoing && message.status !== 'FAILED';
  return (
    <li className={cn('flex', outgoing ? 'justify-end' : 'justify-start')} data-message-id={message.id}>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm shadow-xs',
          outgoing ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200',
          message.status === 'FAILED' && 'bg-red-50 text-red-900 ring-1 ring-red-200',
        )}
      >
        {outgoing && <SourceMark message={message} className={light ? 'text-brand-100' : 'text-slate-600'} />}
        {message.type !== 'TEXT' && (
          <p className={cn('flex items-center gap-1.5 font-medium', light ? 'text-brand-100' : 'text-slate-600')}>
            <span aria-hidden="true">{ICONS[message.type]}</span>
            {MESSAGE_TYPE_LABELS[message.type]}
            {message.mediaName && <span className="truncate font-normal">· <UserText reveal="all">{message.mediaName}</UserText></span>}
          </p>
        )}
        {message.content && <p className="break-words whitespace-pre-wrap"><UserText reveal="links">{message.content}</UserText></p>}
        <MessageButtons rows={message.buttons} />
        <p className={cn('mt-1 flex items-center justify-end gap-1 text-[11px]', light ? 'text-brand-100' : 'text-slate-500')}>
          <time dateTime={message.createdAt}>{formatChatTime(message.createdAt)}</time>
          {outgoing && <DeliveryState message={message} />}
        </p>
        {message.status === 'FAILED' && message.error && <p className="mt-1 text-xs text-red-700">{message.error}</p>}
      </div>
    </li>
  );
}

function DeliveryState({ message }: { message: Message }) {
  if (message.status === 'SENDING') {
    return (
      <span className="flex items-center gap-0.5">
        <Clock aria-hidden="true" className="size-3" />
        {CHAT_TEXTS.pending}
      </span>
    );
  }
  if (message.status === 'FAILED') {
    return (
      <span className="flex items-center gap-0.5 text-red-700">
        <AlertCircle aria-hidden="true" className="size-3" />
        {CHAT_TEXTS.failed}
      </span>
    );
  }
  return <Check aria-label={CHAT_TEXTS.delivered} className="size-3" />;
}
