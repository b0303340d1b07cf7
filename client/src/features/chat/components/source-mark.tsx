import { Bot, UserRound } from 'lucide-react';
import { MESSAGE_SOURCE_LABELS } from '@shared/messages/kind.ts';
import type { MessageSource } from '@shared/messages/schemas.ts';
import { cn } from '../../../lib/cn.ts';

/** Who sent an outgoing message: the bot on its own (a flow, a welcome, a broadcast) or a person in the console. */
export function SourceMark({ source, className }: { source: MessageSource; className?: string }) {
  const person = source === 'OPERATOR';
  return (
    <p className={cn('mb-0.5 flex items-center gap-1 text-[11px] font-medium', className)} data-source={source}>
      {person ? <UserRound aria-hidden="true" className="size-3" /> : <Bot aria-hidden="true" className="size-3" />}
      <span className="sr-only">{person ? 'Digitada por: ' : 'Enviada automaticamente por: '}</span>
      {MESSAGE_SOURCE_LABELS[source]}
    </p>
  );
}
