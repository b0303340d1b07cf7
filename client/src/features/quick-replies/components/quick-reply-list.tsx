import { Pencil, Trash2 } from 'lucide-react';
import { QUICK_REPLY_TEXTS, type QuickReply } from '@shared/quick-replies/schemas.ts';
import { Card } from '../../../components/ui/card.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = { replies: QuickReply[]; disabled: boolean; onEdit(reply: QuickReply): void; onDelete(reply: QuickReply): void };

/** The saved replies by shortcut, each with its text and its edit and delete actions (online only). */
export function QuickReplyList({ replies, disabled, onEdit, onDelete }: Props) {
  return (
    <Card>
      <ul aria-label={QUICK_REPLY_TEXTS.title} className="divide-y divide-slate-100">
        {replies.map((reply) => (
          <li key={reply.id} className="flex items-start gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-brand-700">/{reply.shortcut}</p>
              <p className="line-clamp-2 text-sm break-words whitespace-pre-wrap text-slate-600"><UserText>{reply.text}</UserText></p>
            </div>
            <IconButton icon={Pencil} label={`Editar /${reply.shortcut}`} disabled={disabled} onClick={() => onEdit(reply)} />
            <IconButton icon={Trash2} label={`Excluir /${reply.shortcut}`} disabled={disabled} onClick={() => onDelete(reply)} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
