import { NotebookPen } from 'lucide-react';
import { NOTE_TEXTS, type Note } from '@shared/notes/schemas.ts';
import { formatChatTime } from '../utils/time.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

/**
 * An internal note in the timeline: amber, across the pane, labelled "Nota interna" with its author and time, so it
 * never passes for a message the contact received.
 */
export function NoteRow({ note }: { note: Note }) {
  return (
    <li className="flex justify-center" data-note-id={note.id}>
      <article aria-label={NOTE_TEXTS.label} className="w-full max-w-[90%] rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-2 text-sm text-amber-950 sm:max-w-[80%]">
        <p className="mb-0.5 flex flex-wrap items-center gap-x-1.5 text-[11px] font-semibold text-amber-900">
          <NotebookPen aria-hidden="true" className="size-3.5" />
          {NOTE_TEXTS.label}
          <span className="font-normal">
            · <UserText>{note.authorName ?? 'Conta excluída'}</UserText> · <time dateTime={note.createdAt}>{formatChatTime(note.createdAt)}</time>
          </span>
        </p>
        <p className="break-words whitespace-pre-wrap"><UserText reveal="links">{note.text}</UserText></p>
      </article>
    </li>
  );
}
