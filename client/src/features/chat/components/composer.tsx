import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { fillQuickReply, type QuickReplyContact } from '@shared/quick-replies/fill.ts';
import type { QuickReply } from '@shared/quick-replies/schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import { useQuickReplyPicker } from '../hooks/use-quick-reply-picker.ts';
import { ComposerModeSwitch, type ComposerMode } from './composer-mode-switch.tsx';
import { SubmitButton } from './composer-submit.tsx';
import { QUICK_REPLY_LIST_ID, QuickReplyPicker, quickReplyOptionId } from './quick-reply-picker.tsx';

type Props = {
  onSend(text: string): Promise<boolean>;
  onNote(text: string): Promise<boolean>;
  quickReplies: readonly QuickReply[];
  contact: QuickReplyContact;
};

/**
 * The reply box: "Responder" sends to the contact, "Nota interna" keeps a note for the team (amber, never sent).
 * Send is disabled for blank text (docs/product.md#screen-chat); Enter sends, Shift+Enter breaks a line; `/` and a
 * shortcut list the quick replies, inserted with the contact's names filled in. It sits at the bottom of a column
 * sized by the dynamic viewport, so the phone keyboard pushes it up instead of covering it.
 */
export function Composer({ onSend, onNote, quickReplies, contact }: Props) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ComposerMode>('reply');
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useQuickReplyPicker(text, quickReplies, mode === 'reply', choose);
  const blank = text.trim().length === 0;
  const note = mode === 'note';

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank) return;
    const value = text;
    setText('');
    if (!(await (note ? onNote(value) : onSend(value)))) setText(value);
  }

  function choose(reply: QuickReply) {
    setText(fillQuickReply(reply.text, contact));
    box.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picker.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  const activeReply = picker.open ? picker.matches[picker.active] : undefined;
  return (
    <form onSubmit={submit} className={cn('relative border-t p-2 sm:p-3', note ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white')}>
      {picker.open && <QuickReplyPicker matches={picker.matches} active={picker.active} onChoose={choose} />}
      <ComposerModeSwitch mode={mode} onChange={(next) => (setMode(next), box.current?.focus())} />
      <div className="flex items-end gap-2">
        <label htmlFor="chat-composer" className="sr-only">
          {note ? CHAT_TEXTS.noteLabel : 'Mensagem'}
        </label>
        <textarea
          id="chat-composer"
          ref={box}
          rows={1}
          value={text}
          maxLength={4096}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest' })}
          placeholder={note ? CHAT_TEXTS.notePlaceholder : CHAT_TEXTS.placeholder}
          aria-controls={activeReply ? QUICK_REPLY_LIST_ID : undefined}
          aria-activedescendant={activeReply ? quickReplyOptionId(activeReply.id) : undefined}
          className={cn(
            'max-h-32 min-h-10 flex-1 resize-none rounded-xl border px-3 py-2 text-base focus:ring-2 focus:outline-none sm:text-sm',
            note ? 'border-amber-300 bg-white focus:border-amber-500 focus:ring-amber-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
          )}
        />
        <SubmitButton note={note} disabled={blank} />
      </div>
    </form>
  );
}
