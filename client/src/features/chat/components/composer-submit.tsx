import { NotebookPen, SendHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { CHAT_TEXTS } from '../api/chat-texts.ts';

/** The reply box's submit: Enviar, or Salvar nota in the amber of notes. */
export function SubmitButton({ note, disabled }: { note: boolean; disabled: boolean }) {
  return (
    <Button
      type="submit"
      disabled={disabled}
      aria-label={note ? CHAT_TEXTS.saveNote : CHAT_TEXTS.send}
      className={note ? 'bg-amber-700 hover:bg-amber-800 active:bg-amber-900' : undefined}
      icon={note ? <NotebookPen aria-hidden="true" className="size-4" /> : <SendHorizontal aria-hidden="true" className="size-4" />}
    >
      <span className="hidden sm:inline">{note ? CHAT_TEXTS.saveNote : CHAT_TEXTS.send}</span>
    </Button>
  );
}
