import type { QuickReply } from '@shared/quick-replies/schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

export const QUICK_REPLY_LIST_ID = 'chat-quick-replies';
export const quickReplyOptionId = (id: string) => `quick-reply-${id}`;

/**
 * The matching quick replies above the reply box. A tap inserts one; the pointer never takes the focus from the box,
 * so typing and the arrows go on where they were.
 */
export function QuickReplyPicker({ matches, active, onChoose }: { matches: QuickReply[]; active: number; onChoose(reply: QuickReply): void }) {
  return (
    <div className="absolute inset-x-2 bottom-full mb-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:inset-x-3">
      <p className="border-b border-slate-100 px-3 py-1.5 text-xs font-medium text-slate-600">
        Respostas rápidas <span className="font-normal">· ↑ ↓ para escolher, Enter para inserir</span>
      </p>
      {matches.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-600" role="status">Nenhuma resposta rápida com este atalho</p>
      ) : (
        <ul id={QUICK_REPLY_LIST_ID} role="listbox" aria-label="Respostas rápidas" className="max-h-56 overflow-y-auto py-1">
          {matches.map((reply, index) => (
            <li
              key={reply.id}
              id={quickReplyOptionId(reply.id)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(reply)}
              className={cn('flex min-h-10 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm', index === active ? 'bg-brand-50' : 'hover:bg-slate-50')}
            >
              <span className="font-medium text-brand-700">/{reply.shortcut}</span>
              <span className="truncate text-slate-600"><UserText>{reply.text}</UserText></span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
