import { Bot, UserRound } from 'lucide-react';
import { MESSAGE_SOURCE_LABELS } from '@shared/messages/kind.ts';
import type { Message } from '@shared/messages/schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { useSession } from '../../../lib/session-store.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

/**
 * Who sent an outgoing message: the bot on its own (a flow, a welcome, a broadcast) or a person in the console —
 * "Você", or "Enviada por <nome>" for another member of the team (a reply from before teams names nobody: "Você").
 */
export function SourceMark({ message, className }: { message: Pick<Message, 'source' | 'memberId' | 'memberName'>; className?: string }) {
  const me = useSession().user?.id;
  const person = message.source === 'OPERATOR';
  const teammate = person && message.memberName && message.memberId !== me ? message.memberName : null;
  return (
    <p className={cn('mb-0.5 flex items-center gap-1 text-[11px] font-medium', className)} data-source={message.source}>
      {person ? <UserRound aria-hidden="true" className="size-3" /> : <Bot aria-hidden="true" className="size-3" />}
      {teammate ? (
        <span>Enviada por <UserText>{teammate}</UserText></span>
      ) : (
        <>
          <span className="sr-only">{person ? 'Digitada por: ' : 'Enviada automaticamente por: '}</span>
          {MESSAGE_SOURCE_LABELS[message.source]}
        </>
      )}
    </p>
  );
}
